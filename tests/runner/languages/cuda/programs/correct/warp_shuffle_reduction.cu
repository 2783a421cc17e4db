// problem: reduction
// Grid-stride partial sums, a warp-shuffle tree inside each warp, one shared slot per warp,
// and one atomicAdd per block into the zero-filled output.
#include <cuda_runtime.h>

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = warpSize / 2; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void sum_kernel(const float* __restrict__ input, float* output, int N) {
    __shared__ float warp_sums[32];
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
        v += input[i];
    v = warp_sum(v);
    int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    if (lane == 0) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int warps = blockDim.x / warpSize;
        v = lane < warps ? warp_sums[lane] : 0.0f;
        v = warp_sum(v);
        if (lane == 0) atomicAdd(output, v);
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    const int threads = 256;
    int blocks = (N + threads - 1) / threads;
    if (blocks > 256) blocks = 256;
    cudaMemset(output, 0, sizeof(float));
    sum_kernel<<<blocks, threads>>>(input, output, N);
    cudaDeviceSynchronize();
}
