#include <cuda_runtime.h>

// Bug: applies SiLU to the second half and gates with the first (the roles are swapped).
__global__ void swiglu(const float* in, float* out, int half) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < half) {
        float a = in[i], b = in[half + i];
        out[i] = a * (b / (1.0f + expf(-b)));
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    int half = N / 2;
    swiglu<<<(half + 255) / 256, 256>>>(input, output, half);
}
