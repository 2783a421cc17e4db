#include <cuda_runtime.h>

// One block per row of the box (at most 10,000 blocks). The threads of a block stride over
// the columns S_COL..E_COL of their row (coalesced), reduce with warp shuffles and shared
// memory, and thread 0 adds the row's sum to output[0] with one atomicAdd. Every partial sum
// is at most the total, at most 10^9, so int never overflows.

#define THREADS 256

__global__ void box_sum(const int* __restrict__ in, int* __restrict__ out, int M, int S_ROW,
                        int S_COL, int E_COL) {
    const int* row = in + (size_t)(S_ROW + blockIdx.x) * M;
    int s = 0;
    for (int c = S_COL + threadIdx.x; c <= E_COL; c += THREADS) s += __ldg(row + c);
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
    __shared__ int warp_sums[THREADS / 32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) warp_sums[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = lane < THREADS / 32 ? warp_sums[lane] : 0;
        for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
        if (lane == 0) atomicAdd(out, s);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    cudaMemsetAsync(output, 0, sizeof(int));
    const int rows = E_ROW - S_ROW + 1;
    box_sum<<<rows, THREADS>>>(input, output, M, S_ROW, S_COL, E_COL);
}
