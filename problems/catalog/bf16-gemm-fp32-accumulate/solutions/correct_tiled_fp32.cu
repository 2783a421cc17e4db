#include <cuda_bf16.h>
#include <cuda_runtime.h>

// CUDA-core version: 64x64 tile per block of 256 threads, each thread a 4x4 patch, the
// products and sums in fp32 (bf16 -> fp32 conversion is exact), K in steps of 16 through
// shared memory with zero padding. One rounding to bf16 at the end.
#define TM 64
#define TN 64
#define TK 16

__global__ void gemm_tiled(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                           __nv_bfloat16* __restrict__ C, int M, int N, int K) {
    __shared__ float As[TK][TM + 1];  // transposed: As[k][row]
    __shared__ float Bs[TK][TN];
    const int tid = threadIdx.x;
    const int tr = tid / 16;  // 0..15 -> rows tr*4 .. tr*4+3
    const int tc = tid % 16;  // 0..15 -> cols tc*4 .. tc*4+3
    const int row0 = blockIdx.y * TM;
    const int col0 = blockIdx.x * TN;
    float acc[4][4] = {};

    for (int k0 = 0; k0 < K; k0 += TK) {
        for (int idx = tid; idx < TM * TK; idx += 256) {
            int r = idx / TK, c = idx % TK;
            int gr = row0 + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? __bfloat162float(A[(size_t)gr * K + gc]) : 0.0f;
        }
        for (int idx = tid; idx < TK * TN; idx += 256) {
            int r = idx / TN, c = idx % TN;
            int gr = k0 + r, gc = col0 + c;
            Bs[r][c] = (gr < K && gc < N) ? __bfloat162float(B[(size_t)gr * N + gc]) : 0.0f;
        }
        __syncthreads();
        for (int k = 0; k < TK; ++k) {
            float a[4], b[4];
            for (int i = 0; i < 4; ++i) a[i] = As[k][tr * 4 + i];
            for (int j = 0; j < 4; ++j) b[j] = Bs[k][tc * 4 + j];
            for (int i = 0; i < 4; ++i)
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }
    for (int i = 0; i < 4; ++i) {
        int gr = row0 + tr * 4 + i;
        if (gr >= M) continue;
        for (int j = 0; j < 4; ++j) {
            int gc = col0 + tc * 4 + j;
            if (gc < N) C[(size_t)gr * N + gc] = __float2bfloat16_rn(acc[i][j]);
        }
    }
}

extern "C" void solve(const __nv_bfloat16* A, const __nv_bfloat16* B, __nv_bfloat16* C, int M,
                      int N, int K) {
    dim3 grid((N + TN - 1) / TN, (M + TM - 1) / TM);
    gemm_tiled<<<grid, 256>>>(A, B, C, M, N, K);
}
