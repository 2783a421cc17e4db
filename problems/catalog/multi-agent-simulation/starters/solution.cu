#include <cuda_runtime.h>

__global__ void solve_kernel(const float* agents, float* agents_next, int N) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// agents: input, device pointer, f32, shape [4*N]
// agents_next: output, device pointer, f32, shape [4*N]
// Write the result into agents_next in place.
extern "C" void solve(const float* agents, float* agents_next, int N) {
    int threads = 256;
    int blocks = (N + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(agents, agents_next, N);
}
