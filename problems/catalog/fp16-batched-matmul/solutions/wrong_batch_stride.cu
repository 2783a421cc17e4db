#include <cuda_fp16.h>
#include <cuda_runtime.h>

// Bug: the batch offset of A uses M * N (the size of a C matrix) instead of M * K, so every
// batch after the first reads the wrong slice of A whenever N != K.
__global__ void hgemm_batched(const half* A, const half* B, half* C, int M, int N, int K) {
    int b = blockIdx.z;
    int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= M || c >= N) return;
    const half* a = A + (size_t)b * M * N;
    const half* bm = B + (size_t)b * K * N;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) acc += __half2float(a[r * K + k]) * __half2float(bm[k * N + c]);
    C[(size_t)b * M * N + r * N + c] = __float2half(acc);
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
    dim3 block(16, 16), grid((N + 15) / 16, (M + 15) / 16, BATCH);
    hgemm_batched<<<grid, block>>>(A, B, C, M, N, K);
}
