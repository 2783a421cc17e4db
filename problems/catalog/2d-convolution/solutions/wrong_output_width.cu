#include <cuda_runtime.h>

// Bug: the output width is taken as input_cols - kernel_cols (missing the + 1), so the last
// output column is never computed and every row after the first is stored at the wrong offset.

__global__ void conv2d_naive(const float* __restrict__ in, const float* __restrict__ k,
                             float* __restrict__ out, int R, int C, int KR, int KC) {
    int OR = R - KR + 1, OC = C - KC;
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= OR || c >= OC) return;
    float acc = 0.0f;
    for (int a = 0; a < KR; ++a)
        for (int b = 0; b < KC; ++b) acc += in[(r + a) * C + c + b] * k[a * KC + b];
    out[r * OC + c] = acc;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows,
                      int input_cols, int kernel_rows, int kernel_cols) {
    int OR = input_rows - kernel_rows + 1, OC = input_cols - kernel_cols;
    dim3 block(16, 16);
    dim3 grid((OC + 15) / 16, (OR + 15) / 16);
    if (grid.x > 0 && grid.y > 0)
        conv2d_naive<<<grid, block>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
}
