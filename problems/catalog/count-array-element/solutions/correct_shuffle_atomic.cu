#include <cuda_runtime.h>

// Grid-stride loop with 16-byte loads, warp-shuffle reduction, one atomicAdd per block.
__global__ void __launch_bounds__(256) count_equal(const int* __restrict__ in,
                                                   int* __restrict__ out, int N, int K) {
    int local = 0;
    const int n4 = N / 4;
    const int4* in4 = reinterpret_cast<const int4*>(in);
    const int stride = gridDim.x * blockDim.x;
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = tid; i < n4; i += stride) {
        int4 v = __ldg(in4 + i);
        local += (v.x == K) + (v.y == K) + (v.z == K) + (v.w == K);
    }
    for (int i = n4 * 4 + tid; i < N; i += stride) local += (in[i] == K);

    for (int off = 16; off > 0; off >>= 1) local += __shfl_down_sync(0xffffffffu, local, off);
    __shared__ int warp_sums[8];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) warp_sums[warp] = local;
    __syncthreads();
    if (warp == 0) {
        local = lane < 8 ? warp_sums[lane] : 0;
        for (int off = 4; off > 0; off >>= 1) local += __shfl_down_sync(0xffffffffu, local, off);
        if (lane == 0 && local) atomicAdd(out, local);
    }
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    cudaMemsetAsync(output, 0, sizeof(int));
    int threads = 256;
    int blocks = (N / 4 + threads - 1) / threads;
    if (blocks < 1) blocks = 1;
    if (blocks > 132 * 8) blocks = 132 * 8;
    count_equal<<<blocks, threads>>>(input, output, N, K);
}
