#include <cuda_runtime.h>

// input has N floats (N even): a = input[0 : N/2], b = input[N/2 : N]; output has N/2.
__global__ void swiglu_kernel(const float* input, float* output, int half) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // TODO: output[i] = silu(a[i]) * b[i]
}

// All pointers are device pointers.
extern "C" void solve(const float* input, float* output, int N) {
    int half = N / 2;
    int threads = 256;
    int blocks = (half + threads - 1) / threads;
    swiglu_kernel<<<blocks, threads>>>(input, output, half);
}
