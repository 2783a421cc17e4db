// problem: leaky-relu
// float4 loads and stores for the aligned body, a scalar loop for the last N % 4 elements.
#include <cuda_runtime.h>

__device__ __forceinline__ float leaky(float x) { return x > 0.0f ? x : 0.01f * x; }

__global__ void leaky_relu4(const float4* __restrict__ in, float4* __restrict__ out, int n4) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 v = in[i];
        out[i] = make_float4(leaky(v.x), leaky(v.y), leaky(v.z), leaky(v.w));
    }
}

__global__ void leaky_relu_tail(const float* in, float* out, int start, int n) {
    int i = start + threadIdx.x;
    if (i < n) out[i] = leaky(in[i]);
}

extern "C" void solve(const float* input, float* output, int N) {
    int n4 = N / 4;
    if (n4 > 0)
        leaky_relu4<<<(n4 + 255) / 256, 256>>>(reinterpret_cast<const float4*>(input),
                                                reinterpret_cast<float4*>(output), n4);
    if (N % 4) leaky_relu_tail<<<1, 4>>>(input, output, n4 * 4, N);
    cudaDeviceSynchronize();
}
