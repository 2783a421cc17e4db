#include <cuda_runtime.h>

// One block of 256 threads per row; the block reduction keeps only warp 0's partial sum,
// so rows longer than 32 elements lose the contributions of the other warps.
#define THREADS 256

__device__ __forceinline__ float warp_sum(float v) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

__device__ float block_sum(float v, float* scratch) {
    v = warp_sum(v);
    __syncthreads();
    if (threadIdx.x == 0) scratch[0] = v;  // bug: the other warps' partials are dropped
    __syncthreads();
    return scratch[0];
}

__global__ void __launch_bounds__(THREADS)
layer_norm_rows(const float* __restrict__ x, const float* __restrict__ w,
                const float* __restrict__ b, float* __restrict__ y, int C, float eps) {
    __shared__ float scratch[1];
    const size_t row = blockIdx.x;
    const float* xr = x + row * (size_t)C;
    float* yr = y + row * (size_t)C;

    float s = 0.0f;
    for (int c = threadIdx.x; c < C; c += THREADS) s += xr[c];
    const float mean = block_sum(s, scratch) / (float)C;

    float q = 0.0f;
    for (int c = threadIdx.x; c < C; c += THREADS) {
        float d = xr[c] - mean;
        q = fmaf(d, d, q);
    }
    const float var = block_sum(q, scratch) / (float)C;
    const float inv = rsqrtf(var + eps);

    for (int c = threadIdx.x; c < C; c += THREADS) yr[c] = fmaf((xr[c] - mean) * inv, w[c], b[c]);
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output,
                      int N, int C, float eps) {
    if (N <= 0 || C <= 0) return;
    layer_norm_rows<<<N, THREADS>>>(input, weight, bias, output, C, eps);
}
