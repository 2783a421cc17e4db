#include <cuda_runtime.h>

__global__ void reduce_sum(const float* input, float* output, int N) {
    // TODO: your kernel
}

// input, output are device pointers; launch your kernel(s) here.
extern "C" void solve(const float* input, float* output, int N) {
    int threads = 256;
    int blocks = 1;  // TODO: choose a grid
    reduce_sum<<<blocks, threads>>>(input, output, N);
}
