#include <cuda_runtime.h>

__global__ void blur(const float* input, const float* kernel, float* output, int input_rows,
                     int input_cols, int kernel_rows, int kernel_cols) {
    // TODO: your kernel
}

// input, kernel, output are device pointers; launch your kernel(s) here.
extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows,
                      int input_cols, int kernel_rows, int kernel_cols) {
    int threads = 256;
    int blocks = 1;  // TODO: choose a grid
    blur<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows,
                              kernel_cols);
}
