#include <cuda_runtime.h>

// input is rows x cols, output is cols x rows, both row-major.
__global__ void transpose_kernel(const float* input, float* output, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    // TODO: output[c][r] = input[r][c]
}

// input and output are device pointers.
extern "C" void solve(const float* input, float* output, int rows, int cols) {
    dim3 threads(16, 16);
    dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
    transpose_kernel<<<blocks, threads>>>(input, output, rows, cols);
}
