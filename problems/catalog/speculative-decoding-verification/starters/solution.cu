#include <cuda_runtime.h>

__global__ void solve_kernel(const int* draft_tokens, const float* draft_probs, const float* target_probs, const float* uniform_samples, int* output_tokens, int B, int T, int V) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// draft_tokens: input, device pointer, i32, shape [B x T]
// draft_probs: input, device pointer, f32, shape [B x T x V]
// target_probs: input, device pointer, f32, shape [B x T x V]
// uniform_samples: input, device pointer, f32, shape [B x T + 1]
// output_tokens: output, device pointer, i32, shape [B x T + 1]
// Write the result into output_tokens in place.
extern "C" void solve(const int* draft_tokens, const float* draft_probs, const float* target_probs, const float* uniform_samples, int* output_tokens, int B, int T, int V) {
    int threads = 256;
    int blocks = (B + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(draft_tokens, draft_probs, target_probs, uniform_samples, output_tokens, B, T, V);
}
