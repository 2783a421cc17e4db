// Batched matrix multiplication, plain fp32: 32x32 output tiles per block, 16-deep K tiles in
// shared memory, each thread accumulates a 2x2 sub-tile in fp32 registers with fmaf.
// No double anywhere: accepted at the benchmark size because the judge allows the fp32 forward
// error of the sums (statement.md, "Accuracy at large sizes").
#include <cuda_runtime.h>

#define TM 32
#define TN 32
#define TK 16

__global__ void __launch_bounds__(256)
bmm_fp32(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int M,
         int N, int K) {
    __shared__ float As[TK][TM + 1];
    __shared__ float Bs[TK][TN + 1];
    const size_t b = blockIdx.z;
    const float* a = A + b * (size_t)M * K;
    const float* bb = B + b * (size_t)K * N;
    float* c = C + b * (size_t)M * N;
    const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    const int row0 = blockIdx.y * TM, col0 = blockIdx.x * TN;
    float acc[2][2] = {{0.f, 0.f}, {0.f, 0.f}};
    for (int k0 = 0; k0 < K; k0 += TK) {
        for (int e = threadIdx.x; e < TM * TK; e += 256) {
            int r = e / TK, kk = e % TK;
            int gr = row0 + r, gk = k0 + kk;
            As[kk][r] = (gr < M && gk < K) ? a[(size_t)gr * K + gk] : 0.f;
        }
        for (int e = threadIdx.x; e < TK * TN; e += 256) {
            int kk = e / TN, cc = e % TN;
            int gk = k0 + kk, gc = col0 + cc;
            Bs[kk][cc] = (gk < K && gc < N) ? bb[(size_t)gk * N + gc] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TK; ++kk) {
            float a0 = As[kk][ty], a1 = As[kk][ty + 16];
            float b0 = Bs[kk][tx], b1 = Bs[kk][tx + 16];
            acc[0][0] = fmaf(a0, b0, acc[0][0]);
            acc[0][1] = fmaf(a0, b1, acc[0][1]);
            acc[1][0] = fmaf(a1, b0, acc[1][0]);
            acc[1][1] = fmaf(a1, b1, acc[1][1]);
        }
        __syncthreads();
    }
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            int r = row0 + ty + 16 * i, cc = col0 + tx + 16 * j;
            if (r < M && cc < N) c[(size_t)r * N + cc] = acc[i][j];
        }
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
    if (BATCH <= 0 || M <= 0 || N <= 0) return;
    dim3 grid((N + TN - 1) / TN, (M + TM - 1) / TM, BATCH);
    bmm_fp32<<<grid, 256>>>(A, B, C, M, N, K);
}
