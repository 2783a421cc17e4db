#include <cuda_runtime.h>

// Pass 1: each block folds a grid-stride slice of the per-pair losses into one partial sum.
// Pass 2: one block adds the partial sums and divides by B.
// The loss softplus(-z) is evaluated as max(-z, 0) + log1p(exp(-|z|)), finite for any z.

constexpr int THREADS = 256;
constexpr int MAX_BLOCKS = 256;

__device__ float g_partials[MAX_BLOCKS];

__device__ __forceinline__ float warp_sum(float v) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

__device__ __forceinline__ float block_sum(float v) {
    __shared__ float warp_totals[THREADS / 32];
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = warp_sum(v);
    if (lane == 0) warp_totals[warp] = v;
    __syncthreads();
    v = (threadIdx.x < THREADS / 32) ? warp_totals[threadIdx.x] : 0.0f;
    if (warp == 0) v = warp_sum(v);
    return v;  // valid in thread 0
}

__global__ void partial_sums(const float* __restrict__ c, const float* __restrict__ r,
                             const float* __restrict__ cref, const float* __restrict__ rref,
                             float beta, int n) {
    float acc = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) {
        float policy = c[i] - r[i];
        float ref = cref[i] - rref[i];
        float z = beta * (policy - ref);
        acc += fmaxf(-z, 0.0f) + log1pf(expf(-fabsf(z)));
    }
    acc = block_sum(acc);
    if (threadIdx.x == 0) g_partials[blockIdx.x] = acc;
}

__global__ void final_sum(float* out, int nparts, int n) {
    float acc = 0.0f;
    for (int i = threadIdx.x; i < nparts; i += THREADS) acc += g_partials[i];
    acc = block_sum(acc);
    if (threadIdx.x == 0) out[0] = acc / (float)n;
}

extern "C" void solve(const float* chosen_logps, const float* rejected_logps, const float* chosen_ref_logps, const float* rejected_ref_logps, float* output, float beta, int B) {
    int blocks = (B + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    partial_sums<<<blocks, THREADS>>>(chosen_logps, rejected_logps, chosen_ref_logps,
                                      rejected_ref_logps, beta, B);
    final_sum<<<1, THREADS>>>(output, blocks, B);
}
