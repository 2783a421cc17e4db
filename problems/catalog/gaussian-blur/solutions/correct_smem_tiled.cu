#include <cuda_runtime.h>

// A 32x8 block produces a 32x32 tile of the output (4 rows per thread). The input tile plus a
// halo of kernel_rows/2 and kernel_cols/2 on each side is staged in shared memory with zeros
// outside the image; the kernel (odd sizes up to 21x21) is staged too.

constexpr int TW = 32, TH = 32, BY = 8, KMAX = 21;
constexpr int SW = TW + KMAX - 1, SH = TH + KMAX - 1;

__global__ void blur_tiled(const float* __restrict__ in, const float* __restrict__ k,
                           float* __restrict__ out, int R, int C, int KR, int KC) {
    __shared__ float tile[SH][SW + 1];
    __shared__ float ks[KMAX * KMAX];
    int pr = KR / 2, pc = KC / 2;
    int r0 = blockIdx.y * TH, c0 = blockIdx.x * TW;
    int tid = threadIdx.y * TW + threadIdx.x;
    for (int i = tid; i < KR * KC; i += TW * BY) ks[i] = k[i];
    int h = TH + KR - 1, w = TW + KC - 1;
    for (int y = threadIdx.y; y < h; y += BY)
        for (int x = threadIdx.x; x < w; x += TW) {
            int r = r0 + y - pr, c = c0 + x - pc;
            tile[y][x] = (r >= 0 && r < R && c >= 0 && c < C) ? in[(long long)r * C + c] : 0.0f;
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
        if (r < R && c < C) out[(long long)r * C + c] = acc[j];
    }
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows,
                      int input_cols, int kernel_rows, int kernel_cols) {
    dim3 block(TW, BY);
    dim3 grid((input_cols + TW - 1) / TW, (input_rows + TH - 1) / TH);
    blur_tiled<<<grid, block>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
}
