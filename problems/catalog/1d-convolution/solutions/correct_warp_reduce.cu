#include <cuda_runtime.h>

// A different summation order: one warp per output. Lane l accumulates the taps
// j = l, l + 32, l + 64, ... and the 32 partial sums are combined with a butterfly of
// warp shuffles. The kernel lives in shared memory; input reads of a warp are consecutive.
#define WARPS 8

__global__ void __launch_bounds__(WARPS * 32)
conv1d_warp(const float* __restrict__ in, const float* __restrict__ k, float* __restrict__ out,
            int input_size, int kernel_size) {
    extern __shared__ float sk[];
    for (int j = threadIdx.x; j < kernel_size; j += blockDim.x) sk[j] = k[j];
    __syncthreads();

    const int n_out = input_size - kernel_size + 1;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    for (int i = blockIdx.x * WARPS + warp; i < n_out; i += gridDim.x * WARPS) {
        float s = 0.0f;
        for (int j = lane; j < kernel_size; j += 32) s = fmaf(in[i + j], sk[j], s);
#pragma unroll
        for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
        if (lane == 0) out[i] = s;
    }
}

extern "C" void solve(const float* input, const float* kernel, float* output,
                      int input_size, int kernel_size) {
    int n_out = input_size - kernel_size + 1;
    int blocks = (n_out + WARPS - 1) / WARPS;
    if (blocks > 132 * 64) blocks = 132 * 64;
    conv1d_warp<<<blocks, WARPS * 32, kernel_size * sizeof(float)>>>(input, kernel, output,
                                                                     input_size, kernel_size);
}
