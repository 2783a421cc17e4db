#include <cuda_runtime.h>

// out[i] = a * 0.5 * b * (1 + erf(b / sqrt(2))) with a = input[i], b = input[half + i].
__global__ void geglu(const float* __restrict__ in, float* __restrict__ out, int half) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < half; i += gridDim.x * blockDim.x) {
        float a = in[i], b = in[half + i];
        float g = 0.5f * b * (1.0f + erff(b * 0.70710678118654752f));
        out[i] = a * g;
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    int half = N / 2;
    int blocks = (half + 255) / 256;
    if (blocks > 132 * 16) blocks = 132 * 16;
    geglu<<<blocks, 256>>>(input, output, half);
}
