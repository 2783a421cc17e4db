#include <cuda_runtime.h>

__global__ void solve_kernel(const float* X, const float* y, float* beta, int n_samples, int n_features) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// X: input, device pointer, f32, shape [n_samples x n_features]
// y: input, device pointer, f32, shape [n_samples]
// beta: output, device pointer, f32, shape [n_features]
// Write the result into beta in place.
extern "C" void solve(const float* X, const float* y, float* beta, int n_samples, int n_features) {
    int threads = 256;
    int blocks = (n_samples + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(X, y, beta, n_samples, n_features);
}
