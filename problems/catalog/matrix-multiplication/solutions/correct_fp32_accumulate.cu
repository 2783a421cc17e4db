#include <cuda_runtime.h>

// The same tiled kernel as correct_tiled_f64acc.cu but accumulating in plain float. Over the
// inner dimension of the large tests (N = 384 with values up to 10, and the full N = 6144) the
// float rounding of the running sums exceeds atol 1e-4 on outputs close to zero; the judge's
// float32 rounding allowance covers exactly that (statement.md, "Accuracy at large sizes").
#define BM 64
#define BN 64
#define BK 16

__global__ void __launch_bounds__(256)
sgemm_tiled_f32acc(const float* __restrict__ A, const float* __restrict__ B,
                   float* __restrict__ C, int M, int N, int K) {
    __shared__ float As[BK][BM + 4];   // A tile stored transposed: As[k][row]
    __shared__ float Bs[BK][BN];

    const int tid = threadIdx.x;
    const int tx = tid % 16, ty = tid / 16;
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

    float acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;

    for (int k0 = 0; k0 < N; k0 += BK) {
        // A tile: 64 rows x 16 columns, 4 values per thread (consecutive threads read
        // consecutive columns of one row).
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int idx = tid + l * 256;
            int r = idx / BK, c = idx % BK;
            int gr = row0 + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < N) ? A[(size_t)gr * N + gc] : 0.0f;
        }
        // B tile: 16 rows x 64 columns, 4 values per thread.
#pragma unroll
        for (int l = 0; l < 4; ++l) {
            int idx = tid + l * 256;
            int r = idx / BN, c = idx % BN;
            int gr = k0 + r, gc = col0 + c;
            Bs[r][c] = (gr < N && gc < K) ? B[(size_t)gr * K + gc] : 0.0f;
        }
        __syncthreads();

#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) a[i] = As[k][ty + 16 * i];
#pragma unroll
            for (int j = 0; j < 4; ++j) b[j] = Bs[k][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
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
            if (c < K) C[(size_t)r * K + c] = acc[i][j];
        }
    }
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K) {
    dim3 grid((K + BN - 1) / BN, (M + BM - 1) / BM);
    sgemm_tiled_f32acc<<<grid, 256>>>(A, B, C, M, N, K);
}
