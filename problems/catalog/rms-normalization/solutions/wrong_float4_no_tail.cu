#include <cuda_runtime.h>

// Bug: the sum of squares only walks the float4 body; the last N % 4 elements never enter
// the statistic (they are still normalised), so r is wrong whenever N is not a multiple of 4.
__device__ float g_sumsq;

__global__ void sum_squares(const float4* x4, int n4) {
    float s = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        float4 v = x4[i];
        s += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
    }
    atomicAdd(&g_sumsq, s);
}

__global__ void normalise(const float* x, float* out, int N, float gamma, float beta, float eps) {
    float r = sqrtf(g_sumsq / N + eps);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) out[i] = gamma * (x[i] / r) + beta;
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N,
                      float eps) {
    void* acc;
    cudaGetSymbolAddress(&acc, g_sumsq);
    cudaMemset(acc, 0, sizeof(float));
    sum_squares<<<128, 256>>>(reinterpret_cast<const float4*>(input), N / 4);
    normalise<<<(N + 255) / 256, 256>>>(input, output, N, gamma, beta, eps);
}
