// problem: matrix-transpose
// expect: out-of-bounds write; kernel=transpose; index=output[6]; extent=output has 6 elements; block=0; thread=2
// The output row stride is the input's column count instead of the output's (rows).
#include <cuda_runtime.h>

__global__ void transpose(const float* input, float* output, int rows, int cols) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols) {
        float v = input[row * cols + col];
        output[col * cols + row] = v;  // BUG
    }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
    dim3 block(16, 16);
    dim3 grid((cols + 15) / 16, (rows + 15) / 16);
    transpose<<<grid, block>>>(input, output, rows, cols);
    cudaDeviceSynchronize();
}
