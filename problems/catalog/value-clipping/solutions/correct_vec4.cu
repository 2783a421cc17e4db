#include <cuda_runtime.h>

__device__ __forceinline__ float clip(float x, float lo, float hi) { return fminf(fmaxf(x, lo), hi); }

// float4 grid-stride loop for the bulk, scalar kernel for the last N % 4 elements.
__global__ void clip4(const float4* __restrict__ in, float4* __restrict__ out, float lo, float hi, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        float4 v = in[i];
        out[i] = make_float4(clip(v.x, lo, hi), clip(v.y, lo, hi), clip(v.z, lo, hi), clip(v.w, lo, hi));
    }
}

__global__ void clip_tail(const float* in, float* out, float lo, float hi, int start, int n) {
    int i = start + threadIdx.x;
    if (i < n) out[i] = clip(in[i], lo, hi);
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
    int n4 = N / 4;
    if (n4 > 0) {
        int blocks = (n4 + 255) / 256;
        if (blocks > 132 * 16) blocks = 132 * 16;
        clip4<<<blocks, 256>>>((const float4*)input, (float4*)output, lo, hi, n4);
    }
    if (N > n4 * 4) clip_tail<<<1, 4>>>(input, output, lo, hi, n4 * 4, N);
}
