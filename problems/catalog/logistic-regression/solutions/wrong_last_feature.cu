#include <cuda_runtime.h>

// Newton's method (IRLS) in fp32, as in a correct solution (predict, weighted Gram matrix,
// one-block Cholesky step), stopping when the step is small or after 100 iterations.
// Bug: the prediction loop stops one feature early, so the last feature never contributes to
// x_i . beta and the iteration settles on coefficients that do not zero the true gradient.

#define TILE 16
#define MAXP 1024
#define RIDGE 1e-6f

__global__ void predict(const float* __restrict__ X, const float* __restrict__ y,
                        const float* __restrict__ beta, float* __restrict__ w,
                        float* __restrict__ r, int n, int p) {
    const int lane = threadIdx.x & 31;
    const long long i = (long long)blockIdx.x * (blockDim.x / 32) + (threadIdx.x >> 5);
    if (i >= n) return;  // whole warp
    const float* x = X + (size_t)i * p;
    float z = 0.0f;
    for (int j = lane; j < p - 1; j += 32) z = fmaf(x[j], beta[j], z);
    for (int off = 16; off > 0; off >>= 1) z += __shfl_xor_sync(0xffffffffu, z, off);
    if (lane == 0) {
        const float prob = 1.0f / (1.0f + expf(-z));
        w[i] = fmaxf(prob * (1.0f - prob), 1e-8f);
        r[i] = prob - y[i];
    }
}

__device__ __forceinline__ float left_at(const float* X, const float* w, const float* r, int k,
                                         int col, int n, int p) {
    if (k >= n || col > p) return 0.0f;
    return col == p ? r[k] : w[k] * X[(size_t)k * p + col];
}

__device__ __forceinline__ float right_at(const float* X, int k, int col, int n, int p) {
    if (k >= n || col >= p) return 0.0f;
    return X[(size_t)k * p + col];
}

__global__ void weighted_gram(const float* __restrict__ X, const float* __restrict__ w,
                              const float* __restrict__ r, float* __restrict__ G, int n, int p) {
    __shared__ float As[TILE][TILE + 1];
    __shared__ float Bs[TILE][TILE + 1];
    const int q = p + 1;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i0 = blockIdx.y * TILE, j0 = blockIdx.x * TILE;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        As[ty][tx] = left_at(X, w, r, k0 + ty, i0 + tx, n, p);
        Bs[ty][tx] = right_at(X, k0 + ty, j0 + tx, n, p);
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TILE; ++kk) acc = fmaf(As[kk][ty], Bs[kk][tx], acc);
        __syncthreads();
    }
    const int i = i0 + ty, j = j0 + tx;
    if (i < q && j < q) G[(size_t)i * q + j] = acc;
}

__global__ void cholesky_newton(float* __restrict__ G, float* __restrict__ beta,
                                float* __restrict__ stats, int p) {
    __shared__ float diag[MAXP];
    __shared__ float col[MAXP + 1];
    __shared__ float rhs[MAXP];
    __shared__ float step[MAXP];
    const int q = p + 1;
    const int tid = threadIdx.x, nthreads = blockDim.x;
    const int lane = tid & 31, warp = tid >> 5, nwarps = nthreads >> 5;

    for (int j = tid; j < p; j += nthreads) {
        G[(size_t)j * q + j] += RIDGE;
        G[(size_t)p * q + j] += RIDGE * beta[j];
    }
    __syncthreads();

    for (int j = 0; j < p; ++j) {
        const float d = sqrtf(G[(size_t)j * q + j]);
        for (int i = j + 1 + tid; i < q; i += nthreads) {
            const float l = G[(size_t)i * q + j] / d;
            G[(size_t)i * q + j] = l;
            col[i] = l;  // column j of L, kept in shared memory for the update
        }
        if (tid == 0) diag[j] = d;
        __syncthreads();
        for (int i = j + 1 + warp; i < q; i += nwarps) {
            const float lij = col[i];
            for (int k = j + 1 + lane; k <= i; k += 32) G[(size_t)i * q + k] -= lij * col[k];
        }
        __syncthreads();
    }

    for (int i = tid; i < p; i += nthreads) rhs[i] = G[(size_t)p * q + i];
    __syncthreads();
    for (int j = p - 1; j >= 0; --j) {
        const float s = rhs[j] / diag[j];
        if (tid == 0) step[j] = s;
        for (int i = tid; i < j; i += nthreads) rhs[i] -= G[(size_t)j * q + i] * s;
        __syncthreads();
    }

    for (int j = tid; j < p; j += nthreads) beta[j] -= step[j];
    __syncthreads();
    if (tid == 0) {
        float max_step = 0.0f, max_beta = 0.0f;
        for (int j = 0; j < p; ++j) {
            max_step = fmaxf(max_step, fabsf(step[j]));
            max_beta = fmaxf(max_beta, fabsf(beta[j]));
        }
        stats[0] = max_step;
        stats[1] = max_beta;
    }
}

extern "C" void solve(const float* X, const float* y, float* beta, int n_samples,
                      int n_features) {
    const int n = n_samples, p = n_features, q = p + 1;
    float *G, *w, *r, *stats;
    cudaMalloc(&G, (size_t)q * q * sizeof(float));
    cudaMalloc(&w, (size_t)n * sizeof(float));
    cudaMalloc(&r, (size_t)n * sizeof(float));
    cudaMalloc(&stats, 2 * sizeof(float));
    cudaMemset(beta, 0, (size_t)p * sizeof(float));

    const int predict_blocks = (n + 7) / 8;  // 8 warps of 256 threads, one per sample
    dim3 block(TILE, TILE);
    dim3 grid((q + TILE - 1) / TILE, (q + TILE - 1) / TILE);
    for (int it = 0; it < 100; ++it) {
        predict<<<predict_blocks, 256>>>(X, y, beta, w, r, n, p);
        weighted_gram<<<grid, block>>>(X, w, r, G, n, p);
        cholesky_newton<<<1, 1024>>>(G, beta, stats, p);
        float h[2];
        cudaMemcpy(h, stats, sizeof(h), cudaMemcpyDeviceToHost);
        if (!(h[0] == h[0]) || h[0] <= 1e-5f * (1.0f + h[1])) break;
    }
    cudaFree(G);
    cudaFree(w);
    cudaFree(r);
    cudaFree(stats);
}
