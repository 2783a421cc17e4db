#include <cuda_runtime.h>

__global__ void inclusive_scan(const float* input, float* output, int N) {
    // TODO: your kernel
}

// input, output are device pointers; launch your kernel(s) here.
extern "C" void solve(const float* input, float* output, int N) {
    int threads = 256;
    int blocks = 1;  // TODO: choose a grid
    inclusive_scan<<<blocks, threads>>>(input, output, N);
}
