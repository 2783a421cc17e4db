#include <cuda_runtime.h>

// Bug: the interior test compares the row index with cols and the column index with rows,
// so non-square grids get the wrong cells treated as border (and may read out of range).
__global__ void jacobi(const float* in, float* out, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols) return;
    int i = r * cols + c;
    if (r > 0 && r < cols - 1 && c > 0 && c < rows - 1)
        out[i] = 0.25f * (in[i - cols] + in[i + cols] + in[i - 1] + in[i + 1]);
    else
        out[i] = in[i];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
    dim3 block(32, 8), grid((cols + 31) / 32, (rows + 7) / 8);
    jacobi<<<grid, block>>>(input, output, rows, cols);
}
