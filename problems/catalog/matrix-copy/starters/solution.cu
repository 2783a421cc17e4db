#include <cuda_runtime.h>

// A and B are N x N, row-major.
__global__ void copy_kernel(const float* A, float* B, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;   // flat index, < N * N
    // TODO: B[i] = A[i]
}

// All pointers are device pointers.
extern "C" void solve(const float* A, float* B, int N) {
    int total = N * N;
    int threads = 256;
    int blocks = (total + threads - 1) / threads;
    copy_kernel<<<blocks, threads>>>(A, B, N);
}
