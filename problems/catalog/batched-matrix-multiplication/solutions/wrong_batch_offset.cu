#include <cuda_runtime.h>

// Bug: the batch offset of B is forgotten, so every batch multiplies its A by B[0].

__global__ void bmm_naive(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                          int M, int N, int K) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int batch = blockIdx.z;
    if (row >= M || col >= N) return;
    const float* a = A + (long long)batch * M * K;
    const float* b = B;  // should be B + batch * K * N
    double acc = 0.0;
    for (int k = 0; k < K; ++k) acc += (double)a[row * K + k] * b[k * N + col];
    C[((long long)batch * M + row) * N + col] = (float)acc;
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16, BATCH);
    bmm_naive<<<grid, block>>>(A, B, C, M, N, K);
}
