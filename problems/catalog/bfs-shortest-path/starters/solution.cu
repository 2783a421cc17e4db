#include <cuda_runtime.h>

__global__ void solve_kernel(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row, int end_col) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// grid: input, device pointer, i32, shape [rows*cols]
// result: output, device pointer, i32, shape [1]
// Write the result into result in place.
extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row, int end_col) {
    int threads = 256;
    int blocks = (rows * cols + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(grid, result, rows, cols, start_row, start_col, end_row, end_col);
}
