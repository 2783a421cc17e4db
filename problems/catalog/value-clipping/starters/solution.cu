#include <cuda_runtime.h>

__global__ void clip_kernel(const float* input, float* output, float lo, float hi, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // TODO: output[i] = min(max(input[i], lo), hi)
}

// All pointers are device pointers.
extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
    int threads = 256;
    int blocks = (N + threads - 1) / threads;
    clip_kernel<<<blocks, threads>>>(input, output, lo, hi, N);
}
