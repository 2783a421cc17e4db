// problem: reduction
// expect: out-of-bounds read; kernel=block_sum; index=partial[256]; extent=partial has 256 elements; block=0; thread=0
// Interleaved tree reduction whose loop runs one step too far (<= instead of <): at the last
// step thread 0 adds a slot one array length past its own, past the end of the shared array.
#include <cuda_runtime.h>

__global__ void block_sum(const float* input, float* output, int N) {
    __shared__ float partial[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = i < N ? input[i] : 0.0f;
    __syncthreads();
    for (int stride = 1; stride <= blockDim.x; stride *= 2) {
        if (tid % (2 * stride) == 0) partial[tid] += partial[tid + stride];  // BUG
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const float* input, float* output, int N) {
    cudaMemset(output, 0, sizeof(float));
    block_sum<<<(N + 255) / 256, 256>>>(input, output, N);
    cudaDeviceSynchronize();
}
