#include <cuda_runtime.h>

// out[i] = a / (1 + e^-a) * b with a = input[i], b = input[half + i]. Both reads coalesce.
__global__ void swiglu(const float* __restrict__ in, float* __restrict__ out, int half) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < half; i += gridDim.x * blockDim.x) {
        float a = in[i], b = in[half + i];
        out[i] = a / (1.0f + expf(-a)) * b;
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    int half = N / 2;
    int blocks = (half + 255) / 256;
    if (blocks > 132 * 16) blocks = 132 * 16;
    swiglu<<<blocks, 256>>>(input, output, half);
}
