#include <cuda_runtime.h>

__global__ void solve_kernel(const float* logits, const float* u, int* tokens, int B, int V, int k, float temperature) {
    // TODO: for example one block per row (row = blockIdx.x): find the k largest logits
    // (ties: lower index first), softmax of (x - x_max) / temperature over them, and the
    // first one, in that order, whose cumulative probability exceeds u[row].
}

// logits: input, device pointer, f32, shape [B x V]
// u: input, device pointer, f32, shape [B]
// tokens: output, device pointer, i32, shape [B]
// Write the result into tokens in place.
extern "C" void solve(const float* logits, const float* u, int* tokens, int B, int V, int k, float temperature) {
    int threads = 256;
    int blocks = B;
    solve_kernel<<<blocks, threads>>>(logits, u, tokens, B, V, k, temperature);
}
