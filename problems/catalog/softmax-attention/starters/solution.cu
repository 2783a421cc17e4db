#include <cuda_runtime.h>

__global__ void attention(const float* Q, const float* K, const float* V, float* output, int M,
                          int N, int d) {
    // TODO: your kernel
}

// Q, K, V, output are device pointers; launch your kernel(s) here.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N,
                      int d) {
    int threads = 256;
    int blocks = 1;  // TODO: choose a grid
    attention<<<blocks, threads>>>(Q, K, V, output, M, N, d);
}
