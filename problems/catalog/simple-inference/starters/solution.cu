#include <cuda_runtime.h>

__global__ void solve_kernel(const float* input, const float* weight, const float* bias, float* output, int batch_size, int input_size, int output_size) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// input: input, device pointer, f32, shape [batch_size x input_size]
// weight: input, device pointer, f32, shape [output_size x input_size]
// bias: input, device pointer, f32, shape [output_size]
// output: output, device pointer, f32, shape [batch_size x output_size]
// Write the result into output in place.
extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size, int input_size, int output_size) {
    int threads = 256;
    int blocks = (batch_size + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(input, weight, bias, output, batch_size, input_size, output_size);
}
