#include <cuda_runtime.h>

__global__ void solve_kernel(const float* Q, const float* K, const float* V, float* output, int M, int N, int H, int D) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// Q: input, device pointer, f32, shape [M x H x D]
// K: input, device pointer, f32, shape [N x H x D]
// V: input, device pointer, f32, shape [N x H x D]
// output: output, device pointer, f32, shape [M x H x D]
// Write the result into output in place.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int H, int D) {
    int threads = 256;
    int blocks = (M + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(Q, K, V, output, M, N, H, D);
}
