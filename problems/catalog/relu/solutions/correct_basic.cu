#include <cuda_runtime.h>

__global__ void relu(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] > 0.0f ? in[i] : 0.0f;
}

extern "C" void solve(const float* input, float* output, int N) {
    relu<<<(N + 255) / 256, 256>>>(input, output, N);
}
