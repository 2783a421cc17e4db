#include <cuda_runtime.h>
#include <math_constants.h>

// Bug: off-by-one bound check (h < H - 1), so the last input row never takes part.
__global__ void max_pool2d(const float* in, float* out, int planes, int H, int W, int k, int s,
                           int p, int H_out, int W_out) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= planes * H_out * W_out) return;
    int ow = idx % W_out, oh = (idx / W_out) % H_out, plane = idx / (W_out * H_out);
    float m = -CUDART_INF_F;
    for (int a = 0; a < k; ++a)
        for (int b = 0; b < k; ++b) {
            int h = oh * s - p + a, w = ow * s - p + b;
            if (h >= 0 && h < H - 1 && w >= 0 && w < W) m = fmaxf(m, in[(plane * H + h) * W + w]);
        }
    out[idx] = m;
}

extern "C" void solve(const float* input, float* output, int N, int C, int H, int W,
                      int kernel_size, int stride, int padding) {
    int H_out = (H + 2 * padding - kernel_size) / stride + 1;
    int W_out = (W + 2 * padding - kernel_size) / stride + 1;
    int total = N * C * H_out * W_out;
    max_pool2d<<<(total + 255) / 256, 256>>>(input, output, N * C, H, W, kernel_size, stride,
                                             padding, H_out, W_out);
}
