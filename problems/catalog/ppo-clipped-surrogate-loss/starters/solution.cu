#include <cuda_runtime.h>

__global__ void solve_kernel(const float* advantages, const float* log_pi, const float* log_pi_old, float* output, float clip_eps, int B, int S) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// advantages: input, device pointer, f32, shape [B x S]
// log_pi: input, device pointer, f32, shape [B x S]
// log_pi_old: input, device pointer, f32, shape [B x S]
// output: output, device pointer, f32, shape [1]
// Write the result into output in place.
extern "C" void solve(const float* advantages, const float* log_pi, const float* log_pi_old, float* output, float clip_eps, int B, int S) {
    int threads = 256;
    int blocks = (B * S + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(advantages, log_pi, log_pi_old, output, clip_eps, B, S);
}
