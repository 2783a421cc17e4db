#include <cuda_runtime.h>

__global__ void solve_kernel(const float* signal, float* spectrum, int M, int N) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// signal: input, device pointer, f32, shape [M x N x 2]
// spectrum: output, device pointer, f32, shape [M x N x 2]
// Write the result into spectrum in place.
extern "C" void solve(const float* signal, float* spectrum, int M, int N) {
    int threads = 256;
    int blocks = (M + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(signal, spectrum, M, N);
}
