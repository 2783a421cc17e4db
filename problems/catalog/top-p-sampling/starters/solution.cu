#include <cuda_runtime.h>

__global__ void solve_kernel(const float* logits, const float* p, const int* seed, int* sampled_token, int vocab_size) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// logits: input, device pointer, f32, shape [vocab_size]
// p: input, device pointer, f32, shape [1]
// seed: input, device pointer, i32, shape [1]
// sampled_token: output, device pointer, i32, shape [1]
// Write the result into sampled_token in place.
extern "C" void solve(const float* logits, const float* p, const int* seed, int* sampled_token, int vocab_size) {
    int threads = 256;
    int blocks = (vocab_size + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(logits, p, seed, sampled_token, vocab_size);
}
