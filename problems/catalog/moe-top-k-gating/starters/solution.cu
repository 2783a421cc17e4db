#include <cuda_runtime.h>

__global__ void solve_kernel(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// logits: input, device pointer, f32, shape [M x E]
// topk_weights: output, device pointer, f32, shape [M x k]
// topk_indices: output, device pointer, i32, shape [M x k]
// Write the result into topk_weights, topk_indices in place.
extern "C" void solve(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
    int threads = 256;
    int blocks = (M + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(logits, topk_weights, topk_indices, M, E, k);
}
