#include <cuda_runtime.h>

__global__ void solve_kernel(const float* u, const float* delta, const float* A, const float* B, const float* C, const float* skip, float* y, int batch, int seq_len, int d_model, int d_state) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// u: input, device pointer, f32, shape [batch x seq_len x d_model]
// delta: input, device pointer, f32, shape [batch x seq_len x d_model]
// A: input, device pointer, f32, shape [d_model x d_state]
// B: input, device pointer, f32, shape [batch x seq_len x d_state]
// C: input, device pointer, f32, shape [batch x seq_len x d_state]
// skip: input, device pointer, f32, shape [d_model]
// y: output, device pointer, f32, shape [batch x seq_len x d_model]
// Write the result into y in place.
extern "C" void solve(const float* u, const float* delta, const float* A, const float* B, const float* C, const float* skip, float* y, int batch, int seq_len, int d_model, int d_state) {
    int threads = 256;
    int blocks = (batch + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(u, delta, A, B, C, skip, y, batch, seq_len, d_model, d_state);
}
