#include <cuda_runtime.h>

__global__ void solve_kernel(const int* token_ids, const int* position_ids, const float* token_embeddings, const float* position_embeddings, const float* gamma, const float* beta, float* output, int B, int T, int V, int P, int D, float eps) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// token_ids: input, device pointer, i32, shape [B x T]
// position_ids: input, device pointer, i32, shape [T]
// token_embeddings: input, device pointer, f32, shape [V x D]
// position_embeddings: input, device pointer, f32, shape [P x D]
// gamma: input, device pointer, f32, shape [D]
// beta: input, device pointer, f32, shape [D]
// output: output, device pointer, f32, shape [B x T x D]
// Write the result into output in place.
extern "C" void solve(const int* token_ids, const int* position_ids, const float* token_embeddings, const float* position_embeddings, const float* gamma, const float* beta, float* output, int B, int T, int V, int P, int D, float eps) {
    int threads = 256;
    int blocks = (B + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(token_ids, position_ids, token_embeddings, position_embeddings, gamma, beta, output, B, T, V, P, D, eps);
}
