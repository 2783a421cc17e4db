#include <cuda_runtime.h>

__global__ void solve_kernel(const float* x, const float* W, const float* A, const float* B, float* output, int batch, int d_in, int d_out, int rank, float lora_scale) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// x: input, device pointer, f32, shape [batch x d_in]
// W: input, device pointer, f32, shape [d_out x d_in]
// A: input, device pointer, f32, shape [rank x d_in]
// B: input, device pointer, f32, shape [d_out x rank]
// output: output, device pointer, f32, shape [batch x d_out]
// Write the result into output in place.
extern "C" void solve(const float* x, const float* W, const float* A, const float* B, float* output, int batch, int d_in, int d_out, int rank, float lora_scale) {
    int threads = 256;
    int blocks = (batch + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(x, W, A, B, output, batch, d_in, d_out, rank, lora_scale);
}
