#include <cuda_runtime.h>

#define THREADS 256

// Block (i, kt) computes C[i][kt*256 .. kt*256+255]. Row i of A is staged in shared memory
// 256 entries at a time; each thread skips the zero entries of the chunk (the same for the
// whole block, so there is no divergence) and accumulates A[i][j] * B[j][k] for its column k.
__global__ void spmm_rows(const float* A, const float* B, float* C, int M, int N, int K) {
    __shared__ float a_chunk[THREADS];
    const int i = blockIdx.x;
    const int k = blockIdx.y * THREADS + threadIdx.x;
    const float* arow = A + (size_t)i * N;
    float acc = 0.0f;
    for (int j0 = 0; j0 < N; j0 += THREADS) {
        int j = j0 + threadIdx.x;
        a_chunk[threadIdx.x] = j < N ? arow[j] : 0.0f;
        __syncthreads();
        int len = min(THREADS, N - j0);
        if (k < K) {
            for (int t = 0; t < len; ++t) {
                float a = a_chunk[t];
                if (a != 0.0f) acc += a * B[(size_t)(j0 + t) * K + k];
            }
        }
        __syncthreads();
    }
    if (k < K) C[(size_t)i * K + k] = acc;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
    dim3 grid(M, (K + THREADS - 1) / THREADS);
    spmm_rows<<<grid, THREADS>>>(A, B, C, M, N, K);
}
