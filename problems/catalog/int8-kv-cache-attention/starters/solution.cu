#include <cuda_runtime.h>
#include <cstdint>

__global__ void solve_kernel(const float* Q, const int8_t* K_int8, const int8_t* V_int8, const float* k_scale, const float* v_scale, float* output, int num_heads, int seq_len, int head_dim) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// Q: input, device pointer, f32, shape [num_heads x head_dim]
// K_int8: input, device pointer, i8, shape [num_heads x seq_len x head_dim]
// V_int8: input, device pointer, i8, shape [num_heads x seq_len x head_dim]
// k_scale: input, device pointer, f32, shape [num_heads x seq_len]
// v_scale: input, device pointer, f32, shape [num_heads x seq_len]
// output: output, device pointer, f32, shape [num_heads x head_dim]
// Write the result into output in place.
extern "C" void solve(const float* Q, const int8_t* K_int8, const int8_t* V_int8, const float* k_scale, const float* v_scale, float* output, int num_heads, int seq_len, int head_dim) {
    int threads = 256;
    int blocks = (num_heads + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(Q, K_int8, V_int8, k_scale, v_scale, output, num_heads, seq_len, head_dim);
}
