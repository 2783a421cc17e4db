#include <cuda_runtime.h>

// Bug: e^x instead of e^-x in the denominator, i.e. x * sigmoid(-x).
__global__ void silu(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] / (1.0f + expf(in[i]));
}

extern "C" void solve(const float* input, float* output, int N) {
    silu<<<(N + 255) / 256, 256>>>(input, output, N);
}
