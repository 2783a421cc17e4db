#include <cuda_runtime.h>

// Direct version with a different summation order: the kernel lives in constant memory, each
// thread computes one output, walking the kernel column by column (b outer, a inner) with a
// separate partial sum per kernel column that is added to the total after the column.
// Input reads go through the read-only cache.

constexpr int KMAX = 31;
__constant__ float c_kernel[KMAX * KMAX];

__global__ void conv2d_direct(const float* __restrict__ in, float* __restrict__ out, int R, int C,
                              int KR, int KC) {
    int OR = R - KR + 1, OC = C - KC + 1;
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= OR || c >= OC) return;
    float total = 0.0f;
    for (int b = 0; b < KC; ++b) {
        float col = 0.0f;
        for (int a = 0; a < KR; ++a) col = fmaf(__ldg(&in[(long long)(r + a) * C + c + b]), c_kernel[a * KC + b], col);
        total += col;
    }
    out[(long long)r * OC + c] = total;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows,
                      int input_cols, int kernel_rows, int kernel_cols) {
    cudaMemcpyToSymbolAsync(c_kernel, kernel, sizeof(float) * kernel_rows * kernel_cols, 0,
                            cudaMemcpyDeviceToDevice);
    int OR = input_rows - kernel_rows + 1, OC = input_cols - kernel_cols + 1;
    dim3 block(32, 8);
    dim3 grid((OC + 31) / 32, (OR + 7) / 8);
    conv2d_direct<<<grid, block>>>(input, output, input_rows, input_cols, kernel_rows, kernel_cols);
}
