// problem: reduction
// expect: uninitialised shared memory; kernel=block_sum; index=output[0]
// Only threads with an element store into the shared array; the tree then adds every slot,
// including those nobody wrote.
#include <cuda_runtime.h>

__global__ void block_sum(const float* input, float* output, int N) {
    __shared__ float partial[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    if (i < N) partial[tid] = input[i];  // BUG: no else partial[tid] = 0
    __syncthreads();
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
