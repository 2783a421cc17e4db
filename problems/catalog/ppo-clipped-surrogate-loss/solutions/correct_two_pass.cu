#include <cuda_runtime.h>

// Pass 1: each block folds a grid-stride slice of the surrogate terms into one partial sum
// (per-thread accumulator, warp shuffles, one value per warp in shared memory).
// Pass 2: one block adds the partial sums and writes -sum / (B*S).

constexpr int THREADS = 256;
constexpr int MAX_BLOCKS = 1024;

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

__global__ void partial_sums(const float* __restrict__ adv, const float* __restrict__ lp,
                             const float* __restrict__ lpo, float eps, int n) {
    float acc = 0.0f;
    float lo = 1.0f - eps, hi = 1.0f + eps;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) {
        float a = adv[i];
        float r = expf(lp[i] - lpo[i]);
        float rc = fminf(fmaxf(r, lo), hi);
        acc += fminf(r * a, rc * a);
    }
    acc = block_sum(acc);
    if (threadIdx.x == 0) g_partials[blockIdx.x] = acc;
}

__global__ void final_sum(float* out, int nparts, int n) {
    float acc = 0.0f;
    for (int i = threadIdx.x; i < nparts; i += THREADS) acc += g_partials[i];
    acc = block_sum(acc);
    if (threadIdx.x == 0) out[0] = -acc / (float)n;
}

extern "C" void solve(const float* advantages, const float* log_pi, const float* log_pi_old, float* output, float clip_eps, int B, int S) {
    int n = B * S;
    int blocks = (n + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    partial_sums<<<blocks, THREADS>>>(advantages, log_pi, log_pi_old, clip_eps, n);
    final_sum<<<1, THREADS>>>(output, blocks, n);
}
