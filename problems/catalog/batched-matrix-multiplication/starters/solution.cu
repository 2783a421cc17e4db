#include <cuda_runtime.h>

__global__ void bmm(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
    // TODO: your kernel
}

// A, B, C are device pointers; launch your kernel(s) here.
extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
    int threads = 256;
    int blocks = 1;  // TODO: choose a grid
    bmm<<<blocks, threads>>>(A, B, C, BATCH, M, N, K);
}
