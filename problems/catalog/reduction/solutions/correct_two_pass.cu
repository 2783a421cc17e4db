#include <cuda_runtime.h>

// Pass 1: each block folds a grid-stride slice of the input into one partial sum
// (per-thread accumulators, then warp shuffles, then one value per warp in shared memory).
// Pass 2: a single block folds the partial sums the same way. Deterministic.

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

__global__ void partial_sums(const float* __restrict__ in, int n) {
    float acc = 0.0f;
    int n4 = n / 4;
    const float4* in4 = reinterpret_cast<const float4*>(in);
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n4; i += gridDim.x * THREADS) {
        float4 v = in4[i];
        acc += (v.x + v.y) + (v.z + v.w);
    }
    for (int i = n4 * 4 + blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS)
        acc += in[i];
    acc = block_sum(acc);
    if (threadIdx.x == 0) g_partials[blockIdx.x] = acc;
}

__global__ void final_sum(float* out, int nparts) {
    float acc = 0.0f;
    for (int i = threadIdx.x; i < nparts; i += THREADS) acc += g_partials[i];
    acc = block_sum(acc);
    if (threadIdx.x == 0) out[0] = acc;
}

extern "C" void solve(const float* input, float* output, int N) {
    int blocks = (N / 4 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    partial_sums<<<blocks, THREADS>>>(input, N);
    final_sum<<<1, THREADS>>>(output, blocks);
}
