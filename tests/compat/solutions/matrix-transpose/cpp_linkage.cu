// solve declared with C++ linkage (no extern "C"); a shared-memory tiled transpose.
#include <cuda_runtime.h>

#define TILE 32

__global__ void transpose_tile(const float* input, float* output, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];
    int c = blockIdx.x * TILE + threadIdx.x;
    for (int r = blockIdx.y * TILE + threadIdx.y; r < (blockIdx.y + 1) * TILE; r += blockDim.y) {
        if (r < rows && c < cols) tile[r - blockIdx.y * TILE][threadIdx.x] = input[(size_t)r * cols + c];
    }
    __syncthreads();
    int out_c = blockIdx.y * TILE + threadIdx.x;  // a column of output = a row of input
    for (int out_r = blockIdx.x * TILE + threadIdx.y; out_r < (blockIdx.x + 1) * TILE; out_r += blockDim.y) {
        if (out_r < cols && out_c < rows) {
            output[(size_t)out_r * rows + out_c] = tile[threadIdx.x][out_r - blockIdx.x * TILE];
        }
    }
}

void solve(const float* input, float* output, int rows, int cols) {
    dim3 block(TILE, 8);
    dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose_tile<<<grid, block>>>(input, output, rows, cols);
}
