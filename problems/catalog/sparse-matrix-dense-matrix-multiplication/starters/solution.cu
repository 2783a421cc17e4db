#include <cuda_runtime.h>

__global__ void solve_kernel(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// A: input, device pointer, f32, shape [M x N]
// B: input, device pointer, f32, shape [N x K]
// C: output, device pointer, f32, shape [M x K]
// Write the result into C in place.
extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
    int threads = 256;
    int blocks = (M + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(A, B, C, M, N, K, nnz);
}
