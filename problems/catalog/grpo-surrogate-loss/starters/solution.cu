#include <cuda_runtime.h>

__global__ void solve_kernel(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref, float* output, float clip_eps, float beta, int B, int G, int S) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// rewards: input, device pointer, f32, shape [B x G]
// log_pi: input, device pointer, f32, shape [B x G x S]
// log_pi_old: input, device pointer, f32, shape [B x G x S]
// log_ref: input, device pointer, f32, shape [B x G x S]
// output: output, device pointer, f32, shape [1]
// Write the result into output in place.
extern "C" void solve(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref, float* output, float clip_eps, float beta, int B, int G, int S) {
    int threads = 256;
    int blocks = (B * G * S + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(rewards, log_pi, log_pi_old, log_ref, output, clip_eps, beta, B, G, S);
}
