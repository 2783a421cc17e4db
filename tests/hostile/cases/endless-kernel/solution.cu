#include <cuda_runtime.h>

__global__ void spin(volatile int* flag) { while (*flag == 0) {} }
extern "C" void solve(const float* A, const float* B, float* C, int N) {
    int* f; cudaMalloc(&f, sizeof(int)); cudaMemset(f, 0, sizeof(int));
    spin<<<1, 1>>>(f);
    cudaDeviceSynchronize();
}
