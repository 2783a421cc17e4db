#include <cuda_runtime.h>

__global__ void solve_kernel(const float* y_samples, float* result, float a, float b, int n_samples) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// y_samples: input, device pointer, f32, shape [n_samples]
// result: output, device pointer, f32, shape [1]
// Write the result into result in place.
extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
    int threads = 256;
    int blocks = (n_samples + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(y_samples, result, a, b, n_samples);
}
