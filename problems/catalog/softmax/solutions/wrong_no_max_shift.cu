#include <cuda_runtime.h>

// Bug: exponentiates the raw inputs without subtracting the maximum. exp(1000) overflows to
// infinity and the output becomes NaN/0 as soon as an input is larger than about 88.

constexpr int THREADS = 256;

__global__ void exp_sum(const float* __restrict__ x, float* sum, int n) {
    __shared__ float s[THREADS];
    float acc = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) acc += expf(x[i]);
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(sum, s[0]);
}

__global__ void normalize(const float* __restrict__ x, float* __restrict__ y, const float* sum, int n) {
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) y[i] = expf(x[i]) / *sum;
}

extern "C" void solve(const float* input, float* output, int N) {
    static float* d_sum = nullptr;
    if (!d_sum) cudaMalloc(&d_sum, sizeof(float));
    cudaMemsetAsync(d_sum, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > 256) blocks = 256;
    exp_sum<<<blocks, THREADS>>>(input, d_sum, N);
    normalize<<<blocks, THREADS>>>(input, output, d_sum, N);
}
