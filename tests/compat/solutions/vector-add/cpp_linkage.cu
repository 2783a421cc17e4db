// solve declared with C++ linkage (no extern "C").
#include <cuda_runtime.h>

__global__ void add_kernel(const float* A, const float* B, float* C, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) C[i] = A[i] + B[i];
}

void solve(const float* A, const float* B, float* C, int N) {
    int threads = 256;
    add_kernel<<<(N + threads - 1) / threads, threads>>>(A, B, C, N);
    cudaDeviceSynchronize();
}
