#include <cuda_runtime.h>

// Bug: the slope is stored in an int, so 0.01 truncates to 0 and this computes a plain ReLU.
__global__ void leaky(const float* in, float* out, int n) {
    const int alpha = 0.01;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] > 0.0f ? in[i] : alpha * in[i];
}

extern "C" void solve(const float* input, float* output, int N) {
    leaky<<<(N + 255) / 256, 256>>>(input, output, N);
}
