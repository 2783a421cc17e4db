#include <cuda_runtime.h>

// One thread per element: coalesced reads, strided writes. Correct but slower than tiling.
__global__ void transpose_naive(const float* in, float* out, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols) out[(size_t)c * rows + r] = in[(size_t)r * cols + c];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
    dim3 threads(32, 8);
    dim3 blocks((cols + 31) / 32, (rows + 7) / 8);
    transpose_naive<<<blocks, threads>>>(input, output, rows, cols);
}
