#include <cuda_runtime.h>

__global__ void solve_kernel(const float* Q, const float* K, const float* V, const float* dO, float* dQ, float* dK, float* dV, int M, int N, int d) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// Q: input, device pointer, f32, shape [M x d]
// K: input, device pointer, f32, shape [N x d]
// V: input, device pointer, f32, shape [N x d]
// dO: input, device pointer, f32, shape [M x d]
// dQ: output, device pointer, f32, shape [M x d]
// dK: output, device pointer, f32, shape [N x d]
// dV: output, device pointer, f32, shape [N x d]
// Write the result into dQ, dK, dV in place.
extern "C" void solve(const float* Q, const float* K, const float* V, const float* dO, float* dQ, float* dK, float* dV, int M, int N, int d) {
    int threads = 256;
    int blocks = (M + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(Q, K, V, dO, dQ, dK, dV, M, N, d);
}
