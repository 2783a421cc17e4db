#include <cuda_runtime.h>

// Bug: pixels outside the image are replaced by the nearest edge pixel (clamp-to-edge)
// instead of zero, so every output within kernel_rows/2 or kernel_cols/2 of a border is wrong.

__global__ void blur_naive(const float* __restrict__ in, const float* __restrict__ k,
                           float* __restrict__ out, int R, int C, int KR, int KC) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= R || c >= C) return;
    int pr = KR / 2, pc = KC / 2;
    float acc = 0.0f;
    for (int a = 0; a < KR; ++a)
        for (int b = 0; b < KC; ++b) {
            int rr = min(max(r + a - pr, 0), R - 1);
            int cc = min(max(c + b - pc, 0), C - 1);
            acc += in[rr * C + cc] * k[a * KC + b];
        }
    out[r * C + c] = acc;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows,
                      int input_cols, int kernel_rows, int kernel_cols) {
    dim3 block(16, 16);
    dim3 grid((input_cols + 15) / 16, (input_rows + 15) / 16);
    blur_naive<<<grid, block>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
}
