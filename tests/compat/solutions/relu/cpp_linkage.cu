// solve declared with C++ linkage (no extern "C").
#include <cuda_runtime.h>

__global__ void relu_kernel(const float* input, float* output, int N) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        output[i] = fmaxf(input[i], 0.0f);
    }
}

void solve(const float* input, float* output, int N) {
    int threads = 256;
    int blocks = (N + threads - 1) / threads;
    if (blocks > 65535) blocks = 65535;
    relu_kernel<<<blocks, threads>>>(input, output, N);
}
