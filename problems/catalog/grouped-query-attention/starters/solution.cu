#include <cuda_runtime.h>

__global__ void solve_kernel(const float* Q, const float* K, const float* V, float* output, int num_q_heads, int num_kv_heads, int seq_len, int head_dim) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// Q: input, device pointer, f32, shape [num_q_heads x seq_len x head_dim]
// K: input, device pointer, f32, shape [num_kv_heads x seq_len x head_dim]
// V: input, device pointer, f32, shape [num_kv_heads x seq_len x head_dim]
// output: output, device pointer, f32, shape [num_q_heads x seq_len x head_dim]
// Write the result into output in place.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int num_q_heads, int num_kv_heads, int seq_len, int head_dim) {
    int threads = 256;
    int blocks = (num_q_heads + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(Q, K, V, output, num_q_heads, num_kv_heads, seq_len, head_dim);
}
