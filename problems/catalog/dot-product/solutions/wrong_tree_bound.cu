#include <cuda_runtime.h>

// Bug: the shared-memory tree stops one step early (stride > 1 instead of stride > 0), so
// s[1] is never folded into s[0] and each block adds only the partial sums of its even
// threads into result[0]. Accumulating into result is fine: it arrives zero-filled.

constexpr int THREADS = 256;

__global__ void dot_atomic(const float* __restrict__ a, const float* __restrict__ b, float* out, int n) {
    __shared__ float s[THREADS];
    float acc = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) acc += a[i] * b[i];
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 1; stride >>= 1) {  // bug: should be stride > 0
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
