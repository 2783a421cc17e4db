#include <cuda_runtime.h>

// Bug: min and max nested the wrong way round: max(min(x, lo), hi) is always hi.
__global__ void clip(const float* in, float* out, float lo, float hi, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = fmaxf(fminf(in[i], lo), hi);
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
    clip<<<(N + 255) / 256, 256>>>(input, output, lo, hi, N);
}
