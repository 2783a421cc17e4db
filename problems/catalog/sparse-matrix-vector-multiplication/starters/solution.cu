#include <cuda_runtime.h>

__global__ void spmv(const float* A, const float* x, float* y, int M, int N, int nnz) {
    // TODO: your kernel
}

// A, x, y are device pointers; launch your kernel(s) here.
extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
    int threads = 256;
    int blocks = 1;  // TODO: choose a grid
    spmv<<<blocks, threads>>>(A, x, y, M, N, nnz);
}
