#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

// CUDA-core version: 64x64 tile of C per block of 256 threads, each thread a 4x4 patch.
// e4m3 -> fp32 conversion is exact, products and sums are fp32; both A and B are K-major, so
// the two tiles are loaded the same way (row r, columns k0..k0+15) and stored transposed
// in shared memory. The scales are applied to the fp32 sum, then one rounding to bf16.
#define TM 64
#define TN 64
#define TK 16

__global__ void fp8_gemm_tiled(const __nv_fp8_e4m3* __restrict__ A,
                               const __nv_fp8_e4m3* __restrict__ B,
                               const float* __restrict__ scale_a,
                               const float* __restrict__ scale_b, __nv_bfloat16* __restrict__ C,
                               int M, int N, int K) {
    __shared__ float As[TK][TM + 1];  // As[k][row]
    __shared__ float Bs[TK][TN + 1];  // Bs[k][col]
    const int tid = threadIdx.x;
    const int tr = tid / 16;
    const int tc = tid % 16;
    const int row0 = blockIdx.y * TM;
    const int col0 = blockIdx.x * TN;
    float acc[4][4] = {};

    for (int k0 = 0; k0 < K; k0 += TK) {
        for (int idx = tid; idx < TM * TK; idx += 256) {
            int r = idx / TK, c = idx % TK;
            int gr = row0 + r, gk = k0 + c;
            As[c][r] = (gr < M && gk < K) ? static_cast<float>(A[(size_t)gr * K + gk]) : 0.0f;
        }
        for (int idx = tid; idx < TN * TK; idx += 256) {
            int r = idx / TK, c = idx % TK;
            int gc = col0 + r, gk = k0 + c;
            Bs[c][r] = (gc < N && gk < K) ? static_cast<float>(B[(size_t)gc * K + gk]) : 0.0f;
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
        float sa = scale_a[gr];
        for (int j = 0; j < 4; ++j) {
            int gc = col0 + tc * 4 + j;
            if (gc < N) C[(size_t)gr * N + gc] = __float2bfloat16_rn(acc[i][j] * sa * scale_b[gc]);
        }
    }
}

extern "C" void solve(const __nv_fp8_e4m3* A, const __nv_fp8_e4m3* B, const float* scale_a,
                      const float* scale_b, __nv_bfloat16* C, int M, int N, int K) {
    dim3 grid((N + TN - 1) / TN, (M + TM - 1) / TM);
    fp8_gemm_tiled<<<grid, 256>>>(A, B, scale_a, scale_b, C, M, N, K);
}
