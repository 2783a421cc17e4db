#include <cuda_runtime.h>

__global__ void solve_kernel(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D, int K) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// x: input, device pointer, f32, shape [B x L x D]
// weight: input, device pointer, f32, shape [D x K]
// bias: input, device pointer, f32, shape [D]
// output: output, device pointer, f32, shape [B x L x D]
// Write the result into output in place.
extern "C" void solve(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D, int K) {
    int threads = 256;
    int blocks = (B + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(x, weight, bias, output, B, L, D, K);
}
