#include <cuda_runtime.h>

__global__ void solve_kernel(const float* chosen_logps, const float* rejected_logps, const float* chosen_ref_logps, const float* rejected_ref_logps, float* output, float beta, int B) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// chosen_logps: input, device pointer, f32, shape [B]
// rejected_logps: input, device pointer, f32, shape [B]
// chosen_ref_logps: input, device pointer, f32, shape [B]
// rejected_ref_logps: input, device pointer, f32, shape [B]
// output: output, device pointer, f32, shape [1]
// Write the result into output in place.
extern "C" void solve(const float* chosen_logps, const float* rejected_logps, const float* chosen_ref_logps, const float* rejected_ref_logps, float* output, float beta, int B) {
    int threads = 256;
    int blocks = (B + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output, beta, B);
}
