#include <cuda_runtime.h>

__global__ void solve_kernel(const int* prompts, float* output, const float* weights, int batch_size) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// prompts: input, device pointer, i32, shape [batch_size x 31]
// output: output, device pointer, f32, shape [batch_size x 11 x 10]
// weights: input, device pointer, f32, shape [10]
// Write the result into output in place.
extern "C" void solve(const int* prompts, float* output, const float* weights, int batch_size) {
    int threads = 256;
    int blocks = (batch_size + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(prompts, output, weights, batch_size);
}
