#include <cuda_runtime.h>

// Bug: the float4 loop has no scalar tail, so when N is not a multiple of 4 the last
// N % 4 outputs are never written (and N < 4 writes nothing).
__global__ void relu4(const float4* __restrict__ in, float4* __restrict__ out, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        float4 v = in[i];
        out[i] = make_float4(fmaxf(v.x, 0.0f), fmaxf(v.y, 0.0f), fmaxf(v.z, 0.0f), fmaxf(v.w, 0.0f));
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    int n4 = N / 4;
    if (n4 > 0) relu4<<<(n4 + 255) / 256, 256>>>((const float4*)input, (float4*)output, n4);
}
