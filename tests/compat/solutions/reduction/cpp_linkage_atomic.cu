// solve declared with C++ linkage (no extern "C"); each block adds its total into output[0],
// which arrives zero-filled.
#include <cuda_runtime.h>

#define BLOCK 256

__global__ void sum_kernel(const float* input, float* output, int N) {
    __shared__ float partial[BLOCK];
    float sum = 0.0f;
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < N; i += gridDim.x * BLOCK) sum += input[i];
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int half = BLOCK / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(output, partial[0]);
}

void solve(const float* input, float* output, int N) {
    int blocks = (N + BLOCK - 1) / BLOCK;
    if (blocks > 1024) blocks = 1024;
    sum_kernel<<<blocks, BLOCK>>>(input, output, N);
}
