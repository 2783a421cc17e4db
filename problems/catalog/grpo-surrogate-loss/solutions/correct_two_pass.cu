#include <cuda_runtime.h>

// Kernel 1: one thread per group (prompt) computes the G normalised advantages
//           (population standard deviation, 1e-8 added outside the root).
// Kernel 2: each block folds a grid-stride slice of the per-token terms into a partial sum.
// Kernel 3: one block adds the partial sums and writes -sum / (B*G*S).

constexpr int THREADS = 256;
constexpr int MAX_BLOCKS = 1024;
constexpr int MAX_BG = 256 * 32;

__device__ float g_adv[MAX_BG];
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

__global__ void advantages(const float* __restrict__ rewards, int B, int G) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= B) return;
    const float* r = rewards + (long long)b * G;
    float mean = 0.0f;
    for (int g = 0; g < G; ++g) mean += r[g];
    mean /= (float)G;
    float var = 0.0f;
    for (int g = 0; g < G; ++g) {
        float d = r[g] - mean;
        var += d * d;
    }
    var /= (float)G;
    float denom = sqrtf(var) + 1e-8f;
    for (int g = 0; g < G; ++g) g_adv[b * G + g] = (r[g] - mean) / denom;
}

__global__ void partial_sums(const float* __restrict__ lp, const float* __restrict__ lpo,
                             const float* __restrict__ lref, float eps, float beta, int S,
                             int n) {
    float acc = 0.0f;
    float lo = 1.0f - eps, hi = 1.0f + eps;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) {
        float a = g_adv[i / S];
        float p = lp[i];
        float r = expf(p - lpo[i]);
        float rc = fminf(fmaxf(r, lo), hi);
        float surr = fminf(r * a, rc * a);
        float d = lref[i] - p;
        float kl = expf(d) - d - 1.0f;
        acc += surr - beta * kl;
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

extern "C" void solve(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref, float* output, float clip_eps, float beta, int B, int G, int S) {
    int n = B * G * S;  // at most 256 * 32 * 16384 = 2^27
    advantages<<<(B + 127) / 128, 128>>>(rewards, B, G);
    int blocks = (n + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    partial_sums<<<blocks, THREADS>>>(log_pi, log_pi_old, log_ref, clip_eps, beta, S, n);
    final_sum<<<1, THREADS>>>(output, blocks, n);
}
