// Block-level sums of squared differences, each divided by N and added into mse[0], which
// arrives zero-filled.
#include <cuda_runtime.h>

#define BLOCK 512

__global__ void mse_kernel(const float* predictions, const float* targets, float* mse, int N) {
    __shared__ float partial[BLOCK / 32];
    float sum = 0.0f;
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < N; i += gridDim.x * BLOCK) {
        float d = predictions[i] - targets[i];
        sum += d * d;
    }
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffff, sum, offset);
    if ((threadIdx.x & 31) == 0) partial[threadIdx.x / 32] = sum;
    __syncthreads();
    if (threadIdx.x < 32) {
        sum = threadIdx.x < BLOCK / 32 ? partial[threadIdx.x] : 0.0f;
        for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffff, sum, offset);
        if (threadIdx.x == 0) atomicAdd(mse, sum / N);
    }
}

extern "C" void solve(const float* predictions, const float* targets, float* mse, int N) {
    int blocks = (N + BLOCK - 1) / BLOCK;
    if (blocks > 1024) blocks = 1024;
    mse_kernel<<<blocks, BLOCK>>>(predictions, targets, mse, N);
}
