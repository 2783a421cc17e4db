#include <cuda_runtime.h>

// One warp per output element: the 32 lanes stride over the input dimension with coalesced
// loads and the partial sums are combined with a shuffle tree (a different summation order
// from a sequential loop).
__global__ void linear_warp(const float* __restrict__ input, const float* __restrict__ weight,
                            const float* __restrict__ bias, float* __restrict__ output,
                            int batch_size, int input_size, int output_size) {
    const int lane = threadIdx.x & 31;
    const long long warp = (long long)blockIdx.x * (blockDim.x / 32) + (threadIdx.x >> 5);
    const long long total = (long long)batch_size * output_size;
    if (warp >= total) return;  // the whole warp leaves together
    const int b = (int)(warp / output_size);
    const int o = (int)(warp % output_size);
    const float* x = input + (size_t)b * input_size;
    const float* w = weight + (size_t)o * input_size;
    float acc = 0.0f;
    for (int k = lane; k < input_size; k += 32) acc = fmaf(x[k], w[k], acc);
    for (int off = 16; off > 0; off >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, off);
    if (lane == 0) output[(size_t)b * output_size + o] = acc + bias[o];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output,
                      int batch_size, int input_size, int output_size) {
    const int threads = 256;  // 8 warps per block
    long long warps = (long long)batch_size * output_size;
    int blocks = (int)((warps + 7) / 8);
    linear_warp<<<blocks, threads>>>(input, weight, bias, output, batch_size, input_size,
                                     output_size);
}
