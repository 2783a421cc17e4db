#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

#define TILE 16
#define KC 32  // columns of K per step (16 packed bytes per weight row)

// 16x16 output tile per block. Each step stages 16 rows of x and 16 dequantized weight rows
// (32 columns each, zero past K) in shared memory as floats; accumulation in float32.
__global__ void int4_matmul(const __half* x, const uint8_t* w_q, const __half* scales, __half* y,
                            int M, int N, int K, int group_size) {
    __shared__ float xs[TILE][KC + 1];
    __shared__ float ws[TILE][KC + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TILE + tx;
    const int n = blockIdx.x * TILE + tx;
    const int m = blockIdx.y * TILE + ty;
    const int half_k = K / 2;
    const int groups = K / group_size;

    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += KC) {
        for (int e = tid; e < TILE * KC; e += TILE * TILE) {
            int r = e / KC, c = e % KC;
            int gm = blockIdx.y * TILE + r, gk = k0 + c;
            xs[r][c] = (gm < M && gk < K) ? __half2float(x[(size_t)gm * K + gk]) : 0.0f;
        }
        for (int e = tid; e < TILE * (KC / 2); e += TILE * TILE) {
            int r = e / (KC / 2), c = e % (KC / 2);
            int gn = blockIdx.x * TILE + r, gk = k0 + 2 * c;  // gk even, so gk + 1 < K too
            float w0 = 0.0f, w1 = 0.0f;
            if (gn < N && gk < K) {
                int byte = w_q[(size_t)gn * half_k + gk / 2];
                const __half* srow = scales + (size_t)gn * groups;
                w0 = (float)((byte >> 4) - 8) * __half2float(srow[gk / group_size]);
                w1 = (float)((byte & 15) - 8) * __half2float(srow[(gk + 1) / group_size]);
            }
            ws[r][2 * c] = w0;
            ws[r][2 * c + 1] = w1;
        }
        __syncthreads();
#pragma unroll 8
        for (int c = 0; c < KC; ++c) acc += xs[ty][c] * ws[tx][c];
        __syncthreads();
    }
    if (m < M && n < N) y[(size_t)m * N + n] = __float2half(acc);
}

extern "C" void solve(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M,
                      int N, int K, int group_size) {
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    int4_matmul<<<grid, block>>>(x, w_q, scales, y, M, N, K, group_size);
}
