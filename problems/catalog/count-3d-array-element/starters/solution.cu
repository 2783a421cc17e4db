#include <cuda_runtime.h>

__global__ void solve_kernel(const int* input, int* output, int N, int M, int K, int P) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// input: input, device pointer, i32, shape [N x M x K]
// output: output, device pointer, i32, shape [1]
// Write the result into output in place.
extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    int threads = 256;
    int blocks = (N + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(input, output, N, M, K, P);
}
