#include <cuda_runtime.h>

// Two-pass deterministic reduction: each block sums a grid-strided share of the samples
// (per-thread fp32 sums, warp shuffles, shared memory) into partial[blockIdx.x]; one block
// then adds the partials and scales by (b - a) / n_samples.

#define THREADS 256
#define MAX_BLOCKS 1024

__device__ float block_sum(float v) {
    __shared__ float warp_sums[THREADS / 32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (lane == 0) warp_sums[warp] = v;
    __syncthreads();
    v = threadIdx.x < THREADS / 32 ? warp_sums[threadIdx.x] : 0.0f;
    if (warp == 0)
        for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    return v;  // valid in thread 0
}

__global__ void partial_sums(const float* __restrict__ y, float* __restrict__ partial, int n) {
    float s = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) s += y[i];
    s = block_sum(s);
    if (threadIdx.x == 0) partial[blockIdx.x] = s;
}

__global__ void finish(const float* __restrict__ partial, int nblocks, float* __restrict__ result,
                       float a, float b, int n) {
    float s = 0.0f;
    for (int i = threadIdx.x; i < nblocks; i += THREADS) s += partial[i];
    s = block_sum(s);
    if (threadIdx.x == 0) result[0] = (b - a) * (s / (float)n);
}

extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
    int blocks = (n_samples + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    float* partial = nullptr;
    cudaMalloc(&partial, MAX_BLOCKS * sizeof(float));
    partial_sums<<<blocks, THREADS>>>(y_samples, partial, n_samples);
    finish<<<1, THREADS>>>(partial, blocks, result, a, b, n_samples);
    cudaFree(partial);
}
