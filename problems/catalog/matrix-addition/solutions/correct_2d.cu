#include <cuda_runtime.h>

// One thread per element on a 2-D grid.
__global__ void add2d(const float* A, const float* B, float* C, int N) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < N && c < N) C[(size_t)r * N + c] = A[(size_t)r * N + c] + B[(size_t)r * N + c];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
    dim3 threads(32, 8);
    dim3 blocks((N + 31) / 32, (N + 7) / 8);
    add2d<<<blocks, threads>>>(A, B, C, N);
}
