#include <cuda_runtime.h>

// The range [S, E] is split into an unaligned head (up to 3 elements), a 16-byte aligned
// body read as int4, and a tail. Per-thread sums are reduced with warp shuffles, then one
// atomicAdd per block.
__global__ void __launch_bounds__(256) range_sum(const int* __restrict__ in,
                                                 int* __restrict__ out, int S, int E) {
    const int first4 = (S + 3) & ~3;           // first index of the aligned body
    const int end = E + 1;                     // exclusive end
    const int body_begin = first4 < end ? first4 : end;
    const int n4 = (end - body_begin) / 4;
    const int body_end = body_begin + 4 * n4;
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = gridDim.x * blockDim.x;

    int local = 0;
    const int4* body = reinterpret_cast<const int4*>(in + body_begin);
    for (int i = tid; i < n4; i += stride) {
        int4 v = __ldg(body + i);
        local += v.x + v.y + v.z + v.w;
    }
    if (tid < body_begin - S) local += in[S + tid];          // head
    if (tid < end - body_end) local += in[body_end + tid];    // tail

    for (int off = 16; off > 0; off >>= 1) local += __shfl_down_sync(0xffffffffu, local, off);
    __shared__ int warp_sums[8];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) warp_sums[warp] = local;
    __syncthreads();
    if (warp == 0) {
        local = lane < 8 ? warp_sums[lane] : 0;
        for (int off = 4; off > 0; off >>= 1) local += __shfl_down_sync(0xffffffffu, local, off);
        if (lane == 0) atomicAdd(out, local);
    }
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    cudaMemsetAsync(output, 0, sizeof(int));
    int len = E - S + 1;
    int threads = 256;
    int blocks = (len / 4 + threads - 1) / threads;
    if (blocks < 1) blocks = 1;
    if (blocks > 132 * 8) blocks = 132 * 8;
    range_sum<<<blocks, threads>>>(input, output, S, E);
}
