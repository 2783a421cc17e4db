#include <cuda_runtime.h>

__device__ __forceinline__ float leaky(float x) { return x > 0.0f ? x : 0.01f * x; }

// float4 grid-stride loop for the bulk, scalar kernel for the last N % 4 elements.
__global__ void leaky4(const float4* __restrict__ in, float4* __restrict__ out, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        float4 v = in[i];
        out[i] = make_float4(leaky(v.x), leaky(v.y), leaky(v.z), leaky(v.w));
    }
}

__global__ void leaky_tail(const float* in, float* out, int start, int n) {
    int i = start + threadIdx.x;
    if (i < n) out[i] = leaky(in[i]);
}

extern "C" void solve(const float* input, float* output, int N) {
    int n4 = N / 4;
    if (n4 > 0) {
        int blocks = (n4 + 255) / 256;
        if (blocks > 132 * 16) blocks = 132 * 16;
        leaky4<<<blocks, 256>>>((const float4*)input, (float4*)output, n4);
    }
    if (N > n4 * 4) leaky_tail<<<1, 4>>>(input, output, n4 * 4, N);
}
