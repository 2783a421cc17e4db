#include <cuda_runtime.h>

__global__ void top_k(const float* input, float* output, int N, int k) {
    // TODO: your kernel
}

// input, output are device pointers; launch your kernel(s) here.
extern "C" void solve(const float* input, float* output, int N, int k) {
    int threads = 256;
    int blocks = 1;  // TODO: choose a grid
    top_k<<<blocks, threads>>>(input, output, N, k);
}
