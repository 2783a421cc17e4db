// problem: reduction
// expect: race; kernel=block_sum; index=output[0]
// No barrier between storing each thread's value and the first step of the tree: a thread may
// add a neighbour's slot before the neighbour has written it.
#include <cuda_runtime.h>

__global__ void block_sum(const float* input, float* output, int N) {
    __shared__ float partial[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = i < N ? input[i] : 0.0f;  // BUG: no __syncthreads() after this store
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const float* input, float* output, int N) {
    cudaMemset(output, 0, sizeof(float));
    block_sum<<<(N + 255) / 256, 256>>>(input, output, N);
    cudaDeviceSynchronize();
}
