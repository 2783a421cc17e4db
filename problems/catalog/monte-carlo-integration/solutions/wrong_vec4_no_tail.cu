#include <cuda_runtime.h>

// Bug: reads the samples as float4 only, so the last n_samples % 4 samples are never added
// (they are still counted in the division by n_samples).

#define THREADS 256

__global__ void sum_vec4(const float* __restrict__ y, float* __restrict__ acc, int n) {
    const int n4 = n / 4;
    const float4* y4 = reinterpret_cast<const float4*>(y);
    float s = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n4; i += gridDim.x * THREADS) {
        float4 v = y4[i];
        s += (v.x + v.y) + (v.z + v.w);
    }
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
    if ((threadIdx.x & 31) == 0) atomicAdd(acc, s);
}

__global__ void scale(float* acc, float* result, float a, float b, int n) {
    result[0] = (b - a) * (acc[0] / (float)n);
}

extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
    float* acc = nullptr;
    cudaMalloc(&acc, sizeof(float));
    cudaMemset(acc, 0, sizeof(float));
    int blocks = (n_samples / 4 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > 1024) blocks = 1024;
    sum_vec4<<<blocks, THREADS>>>(y_samples, acc, n_samples);
    scale<<<1, 1>>>(acc, result, a, b, n_samples);
    cudaFree(acc);
}
