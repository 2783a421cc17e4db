#include <cuda_runtime.h>

// Bug: launches N / 256 whole blocks, so the last N % 256 elements are never written.
__global__ void vector_add(const float* A, const float* B, float* C, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
    int threads = 256;
    int blocks = N / threads;
    if (blocks > 0) vector_add<<<blocks, threads>>>(A, B, C, N);
}
