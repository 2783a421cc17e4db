#include <cuda_runtime.h>

// Shared-memory tiling with register blocking: a 16x16 block computes a 64x64 tile of one
// batch's C (4x4 outputs per thread), stepping through K in slices of 16. Products of the
// float inputs are accumulated in double (exact products, tiny rounding), then rounded once:
// at the benchmark size (K = 256, values up to 10) float accumulation cannot meet
// atol = rtol = 1e-5 near small outputs.

constexpr int BM = 64, BN = 64, BK = 16, TM = 4, TN = 4;

__global__ void bmm_kernel(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                           int M, int N, int K) {
    __shared__ float As[BK][BM + 1];
    __shared__ float Bs[BK][BN];
    const float* a = A + (long long)blockIdx.z * M * K;
    const float* b = B + (long long)blockIdx.z * K * N;
    float* c = C + (long long)blockIdx.z * M * N;
    int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
    double acc[TM][TN] = {};
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = tid; i < BM * BK; i += 256) {  // A tile, stored transposed
            int r = i / BK, kk = i % BK;
            int gr = row0 + r, gk = k0 + kk;
            As[kk][r] = (gr < M && gk < K) ? a[(long long)gr * K + gk] : 0.0f;
        }
        for (int i = tid; i < BK * BN; i += 256) {
            int kk = i / BN, cc = i % BN;
            int gk = k0 + kk, gc = col0 + cc;
            Bs[kk][cc] = (gk < K && gc < N) ? b[(long long)gk * N + gc] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            double av[TM], bv[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i) av[i] = As[kk][ty * TM + i];
#pragma unroll
            for (int j = 0; j < TN; ++j) bv[j] = Bs[kk][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fma(av[i], bv[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        int r = row0 + ty * TM + i;
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            int cc = col0 + tx + 16 * j;
            if (r < M && cc < N) c[(long long)r * N + cc] = (float)acc[i][j];
        }
    }
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
    dim3 block(16, 16);
    dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM, BATCH);
    bmm_kernel<<<grid, block>>>(A, B, C, M, N, K);
}
