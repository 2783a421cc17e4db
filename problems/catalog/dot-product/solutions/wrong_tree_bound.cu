#include <cuda_runtime.h>

// Bug: block partial sums are atomically added to result[0], but result is never cleared
// first, so whatever the buffer held before the call is added to the answer.

constexpr int THREADS = 256;

__global__ void dot_atomic(const float* __restrict__ a, const float* __restrict__ b, float* out, int n) {
    __shared__ float s[THREADS];
    float acc = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) acc += a[i] * b[i];
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > 1024) blocks = 1024;
    dot_atomic<<<blocks, THREADS>>>(A, B, result, N);
}
