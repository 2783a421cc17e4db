#include <cuda_fp16.h>
#include <cuda_runtime.h>

// Shared-memory tiled GEMM per batch (blockIdx.z): 64x64 output tile per 256-thread block,
// 4x4 fp32 register block per thread (rows ty + 16*i, cols tx + 16*j), half loads converted
// to float in shared memory, one rounding to half at the store.
#define BM 64
#define BN 64
#define BK 16

__global__ void __launch_bounds__(256) hgemm_batched(const half* __restrict__ A,
                                                     const half* __restrict__ B,
                                                     half* __restrict__ C, int M, int N,
                                                     int K) {
    __shared__ float As[BK][BM + 1];
    __shared__ float Bs[BK][BN];
    const size_t b = blockIdx.z;
    A += b * M * K;
    B += b * K * N;
    C += b * M * N;
    const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    float acc[4][4] = {};
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = threadIdx.x; i < BM * BK; i += 256) {
            int r = i / BK, c = i % BK, gr = row0 + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? __half2float(A[(size_t)gr * K + gc]) : 0.0f;
        }
        for (int i = threadIdx.x; i < BK * BN; i += 256) {
            int r = i / BN, c = i % BN, gr = k0 + r, gc = col0 + c;
            Bs[r][c] = (gr < K && gc < N) ? __half2float(B[(size_t)gr * N + gc]) : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[4], bb[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[k][ty + 16 * i];
#pragma unroll
            for (int j = 0; j < 4; ++j) bb[j] = Bs[k][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], bb[j], acc[i][j]);
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int r = row0 + ty + 16 * i;
        if (r >= M) continue;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int c = col0 + tx + 16 * j;
            if (c < N) C[(size_t)r * N + c] = __float2half_rn(acc[i][j]);
        }
    }
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
    dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM, BATCH);
    hgemm_batched<<<grid, 256>>>(A, B, C, M, N, K);
}
