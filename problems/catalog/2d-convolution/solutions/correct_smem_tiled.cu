#include <cuda_runtime.h>

// Shared-memory tiling: a 32x8 block computes a 32x32 output tile (4 rows per thread).
// The input tile with its halo (up to 62x62) and the whole kernel (up to 31x31) are staged
// in shared memory; every output is accumulated over the kernel in row-major order.

constexpr int TW = 32, TH = 32, BY = 8, KMAX = 31;
constexpr int SW = TW + KMAX - 1, SH = TH + KMAX - 1;

__global__ void conv2d_tiled(const float* __restrict__ in, const float* __restrict__ k,
                             float* __restrict__ out, int R, int C, int KR, int KC) {
    __shared__ float tile[SH][SW + 1];
    __shared__ float ks[KMAX * KMAX];
    int OR = R - KR + 1, OC = C - KC + 1;
    int r0 = blockIdx.y * TH, c0 = blockIdx.x * TW;
    int tid = threadIdx.y * TW + threadIdx.x;
    for (int i = tid; i < KR * KC; i += TW * BY) ks[i] = k[i];
    int h = TH + KR - 1, w = TW + KC - 1;
    for (int y = threadIdx.y; y < h; y += BY)
        for (int x = threadIdx.x; x < w; x += TW) {
            int r = r0 + y, c = c0 + x;
            tile[y][x] = (r < R && c < C) ? in[(long long)r * C + c] : 0.0f;
        }
    __syncthreads();
    float acc[TH / BY] = {};
    for (int a = 0; a < KR; ++a)
        for (int b = 0; b < KC; ++b) {
            float kv = ks[a * KC + b];
#pragma unroll
            for (int j = 0; j < TH / BY; ++j) acc[j] = fmaf(tile[threadIdx.y + j * BY + a][threadIdx.x + b], kv, acc[j]);
        }
    int c = c0 + threadIdx.x;
#pragma unroll
    for (int j = 0; j < TH / BY; ++j) {
        int r = r0 + threadIdx.y + j * BY;
        if (r < OR && c < OC) out[(long long)r * OC + c] = acc[j];
    }
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows,
                      int input_cols, int kernel_rows, int kernel_cols) {
    int OR = input_rows - kernel_rows + 1, OC = input_cols - kernel_cols + 1;
    dim3 block(TW, BY);
    dim3 grid((OC + TW - 1) / TW, (OR + TH - 1) / TH);
    conv2d_tiled<<<grid, block>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
}
