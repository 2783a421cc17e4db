#include <cuda_runtime.h>

// float4 grid-stride loop for the bulk, scalar kernel for the last N % 4 elements.
__global__ void relu4(const float4* __restrict__ in, float4* __restrict__ out, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        float4 v = in[i];
        out[i] = make_float4(fmaxf(v.x, 0.0f), fmaxf(v.y, 0.0f), fmaxf(v.z, 0.0f), fmaxf(v.w, 0.0f));
    }
}

__global__ void relu_tail(const float* in, float* out, int start, int n) {
    int i = start + threadIdx.x;
    if (i < n) out[i] = fmaxf(in[i], 0.0f);
}

extern "C" void solve(const float* input, float* output, int N) {
    int n4 = N / 4;
    if (n4 > 0) {
        int blocks = (n4 + 255) / 256;
        if (blocks > 132 * 16) blocks = 132 * 16;
        relu4<<<blocks, 256>>>((const float4*)input, (float4*)output, n4);
    }
    if (N > n4 * 4) relu_tail<<<1, 4>>>(input, output, n4 * 4, N);
}
