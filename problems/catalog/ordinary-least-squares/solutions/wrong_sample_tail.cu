#include <cuda_runtime.h>

// Normal equations solved by Cholesky in fp32 (Gram matrix of [X | y] by 16x16 tiles, then a
// one-block Cholesky factorisation and substitution).
// Bug: the Gram kernel only walks whole tiles of 16 samples, so when n_samples is not a
// multiple of 16 the last samples never enter X^T X and X^T y.

#define TILE 16

__device__ __forceinline__ float aug_at(const float* X, const float* y, int k, int col, int n,
                                        int p) {
    if (k >= n || col > p) return 0.0f;
    return col == p ? y[k] : X[(size_t)k * p + col];
}

__global__ void gram_aug(const float* __restrict__ X, const float* __restrict__ y,
                         float* __restrict__ G, int n, int p) {
    __shared__ float As[TILE][TILE + 1];
    __shared__ float Bs[TILE][TILE + 1];
    const int q = p + 1;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i0 = blockIdx.y * TILE, j0 = blockIdx.x * TILE;
    float acc = 0.0f;
    for (int k0 = 0; k0 + TILE <= n; k0 += TILE) {  // bug: a last partial tile of samples is skipped
        As[ty][tx] = aug_at(X, y, k0 + ty, i0 + tx, n, p);  // rows k, columns of block i
        Bs[ty][tx] = aug_at(X, y, k0 + ty, j0 + tx, n, p);  // rows k, columns of block j
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TILE; ++kk) acc = fmaf(As[kk][ty], Bs[kk][tx], acc);
        __syncthreads();
    }
    const int i = i0 + ty, j = j0 + tx;
    if (i < q && j < q) G[(size_t)i * q + j] = acc;
}

#define MAXP 1024

__global__ void cholesky_solve(float* __restrict__ G, float* __restrict__ beta, int p) {
    __shared__ float diag[MAXP];
    __shared__ float col[MAXP + 1];
    __shared__ float r[MAXP];
    const int q = p + 1;
    const int tid = threadIdx.x, nthreads = blockDim.x;
    const int lane = tid & 31, warp = tid >> 5, nwarps = nthreads >> 5;

    for (int j = 0; j < p; ++j) {
        // Column j of L: every thread reads the pivot (nobody writes G[j][j] in this step).
        const float d = sqrtf(G[(size_t)j * q + j]);
        for (int i = j + 1 + tid; i < q; i += nthreads) {
            const float l = G[(size_t)i * q + j] / d;
            G[(size_t)i * q + j] = l;
            col[i] = l;  // column j of L, kept in shared memory for the update
        }
        if (tid == 0) diag[j] = d;
        __syncthreads();
        // Trailing update of the lower triangle, rows j+1..p (row p is the right-hand side):
        // G[i][k] -= L[i][j] * L[k][j] for j < k <= i. One warp per row.
        for (int i = j + 1 + warp; i < q; i += nwarps) {
            const float lij = col[i];
            for (int k = j + 1 + lane; k <= i; k += 32) G[(size_t)i * q + k] -= lij * col[k];
        }
        __syncthreads();
    }

    for (int i = tid; i < p; i += nthreads) r[i] = G[(size_t)p * q + i];  // z
    __syncthreads();
    // Back substitution: beta_j = (z_j - sum_{i>j} L[i][j] beta_i) / L[j][j], done by pushing
    // each finished beta_j into the remaining right-hand sides r[i], i < j.
    for (int j = p - 1; j >= 0; --j) {
        const float b = r[j] / diag[j];
        if (tid == 0) beta[j] = b;
        for (int i = tid; i < j; i += nthreads) r[i] -= G[(size_t)j * q + i] * b;
        __syncthreads();
    }
}

extern "C" void solve(const float* X, const float* y, float* beta, int n_samples,
                      int n_features) {
    const int p = n_features, q = p + 1;
    float* G = nullptr;
    cudaMalloc(&G, (size_t)q * q * sizeof(float));
    dim3 block(TILE, TILE);
    dim3 grid((q + TILE - 1) / TILE, (q + TILE - 1) / TILE);
    gram_aug<<<grid, block>>>(X, y, G, n_samples, p);
    cholesky_solve<<<1, 1024>>>(G, beta, p);
    cudaFree(G);
}
