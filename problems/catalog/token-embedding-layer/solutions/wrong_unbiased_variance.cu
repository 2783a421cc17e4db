#include <cuda_runtime.h>

// One block of 256 threads per (b, t) token: the D sums token row + position row are kept in
// shared memory (D <= 1024), the mean and then the biased variance of (s - mean) are reduced
// over the block (two passes, no E[x^2] - E[x]^2 cancellation), and every element is
// normalised, scaled by gamma and shifted by beta.
// Bug: the variance is divided by D - 1 (the unbiased estimator) instead of D.

#define THREADS 256
#define MAX_D 1024

__device__ float block_sum(float v, float* scratch) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    if (lane == 0) scratch[warp] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < THREADS / 32; ++w) total += scratch[w];  // same order in every thread
    __syncthreads();  // scratch may be reused by the next call
    return total;
}

__global__ void embed_norm(const int* __restrict__ token_ids, const int* __restrict__ position_ids,
                           const float* __restrict__ tok, const float* __restrict__ pos,
                           const float* __restrict__ gamma, const float* __restrict__ beta,
                           float* __restrict__ out, int T, int D, float eps) {
    __shared__ float s[MAX_D];
    __shared__ float scratch[THREADS / 32];
    const int row = blockIdx.x;  // b * T + t
    const int t = row % T;
    const float* trow = tok + (size_t)token_ids[row] * D;
    const float* prow = pos + (size_t)position_ids[t] * D;

    float local = 0.0f;
    for (int j = threadIdx.x; j < D; j += THREADS) {
        const float v = trow[j] + prow[j];
        s[j] = v;
        local += v;
    }
    const float mean = block_sum(local, scratch) / (float)D;

    local = 0.0f;
    for (int j = threadIdx.x; j < D; j += THREADS) {
        const float c = s[j] - mean;
        local += c * c;
    }
    const float var = block_sum(local, scratch) / (float)(D - 1);
    const float inv_std = 1.0f / sqrtf(var + eps);

    float* orow = out + (size_t)row * D;
    for (int j = threadIdx.x; j < D; j += THREADS)
        orow[j] = (s[j] - mean) * inv_std * gamma[j] + beta[j];
}

extern "C" void solve(const int* token_ids, const int* position_ids, const float* token_embeddings,
                      const float* position_embeddings, const float* gamma, const float* beta,
                      float* output, int B, int T, int V, int P, int D, float eps) {
    embed_norm<<<B * T, THREADS>>>(token_ids, position_ids, token_embeddings,
                                   position_embeddings, gamma, beta, output, T, D, eps);
}
