#include <cuda_runtime.h>

__global__ void solve_kernel(const float* points, int* indices, int N) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// points: input, device pointer, 3*N floats: x, y, z of point i at 3*i, 3*i + 1, 3*i + 2
// indices: output, device pointer, N int32 values: the index of the nearest other point
// Write the result into indices in place.
extern "C" void solve(const float* points, int* indices, int N) {
    int threads = 256;
    int blocks = (N + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(points, indices, N);
}
