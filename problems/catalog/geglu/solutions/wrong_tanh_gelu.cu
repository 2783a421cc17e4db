#include <cuda_runtime.h>

// Bug: uses the tanh approximation of GELU. Its error (up to ~5e-4 near |b| = 2) times |a| up
// to 100 is far outside the tolerance, which is set for the exact erf form.
__global__ void geglu(const float* in, float* out, int half) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < half) {
        float a = in[i], b = in[half + i];
        float g = 0.5f * b * (1.0f + tanhf(0.7978845608f * (b + 0.044715f * b * b * b)));
        out[i] = a * g;
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    int half = N / 2;
    geglu<<<(half + 255) / 256, 256>>>(input, output, half);
}
