#include <cuda_runtime.h>

// Pass 1: grid-stride products with per-thread float accumulators, warp shuffles and a block
// reduction into one partial per block. Pass 2: one block reduces the partials. Deterministic.

constexpr int THREADS = 256;
constexpr int MAX_BLOCKS = 1024;
__device__ float g_part[MAX_BLOCKS];

__device__ float block_sum(float v) {
    __shared__ float ws[THREADS / 32];
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if ((threadIdx.x & 31) == 0) ws[threadIdx.x >> 5] = v;
    __syncthreads();
    v = threadIdx.x < THREADS / 32 ? ws[threadIdx.x] : 0.0f;
    if (threadIdx.x < 32)
        for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

__global__ void partial_dots(const float* __restrict__ a, const float* __restrict__ b, int n) {
    float acc = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) acc = fmaf(a[i], b[i], acc);
    acc = block_sum(acc);
    if (threadIdx.x == 0) g_part[blockIdx.x] = acc;
}

__global__ void finish(float* out, int nparts) {
    float acc = 0.0f;
    for (int i = threadIdx.x; i < nparts; i += THREADS) acc += g_part[i];
    acc = block_sum(acc);
    if (threadIdx.x == 0) out[0] = acc;
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    if (blocks < 1) blocks = 1;
    partial_dots<<<blocks, THREADS>>>(A, B, N);
    finish<<<1, THREADS>>>(result, blocks);
}
