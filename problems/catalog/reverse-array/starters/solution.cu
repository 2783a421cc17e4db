#include <cuda_runtime.h>

__global__ void reverse_kernel(float* input, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // TODO: swap input[i] with its mirror element; mind that every pair is swapped once
}

// All pointers are device pointers.
extern "C" void solve(float* input, int N) {
    int threads = 256;
    int blocks = (N / 2 + threads - 1) / threads;
    if (blocks > 0) reverse_kernel<<<blocks, threads>>>(input, N);
}
