#include <cuda_runtime.h>

// Bug: the input row stride is taken as the output width (OC) instead of the input width (C),
// so every kernel row after the first reads from the wrong place (correct only when KC == 1).

__global__ void conv3d_naive(const float* __restrict__ in, const float* __restrict__ k,
                             float* __restrict__ out, int D, int R, int C, int KD, int KR, int KC) {
    int OD = D - KD + 1, OR = R - KR + 1, OC = C - KC + 1;
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (r >= OR || c >= OC || z >= OD) return;
    float acc = 0.0f;
    for (int p = 0; p < KD; ++p)
        for (int a = 0; a < KR; ++a)
            for (int b = 0; b < KC; ++b)
                acc += in[(z + p) * R * C + (r + a) * OC + c + b] * k[(p * KR + a) * KC + b];
    out[(z * OR + r) * OC + c] = acc;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth,
                      int input_rows, int input_cols, int kernel_depth, int kernel_rows,
                      int kernel_cols) {
    int OD = input_depth - kernel_depth + 1, OR = input_rows - kernel_rows + 1;
    int OC = input_cols - kernel_cols + 1;
    dim3 block(16, 16);
    dim3 grid((OC + 15) / 16, (OR + 15) / 16, OD);
    conv3d_naive<<<grid, block>>>(input, kernel, output, input_depth, input_rows, input_cols,
                                  kernel_depth, kernel_rows, kernel_cols);
}
