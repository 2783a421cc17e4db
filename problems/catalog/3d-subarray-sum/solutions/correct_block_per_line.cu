#include <cuda_runtime.h>

// One block per (depth, row) line of the box: at most 500 * 500 = 250,000 blocks on a 1-D
// grid. The threads of a block stride over the columns S_COL..E_COL of their line, reduce
// with warp shuffles and shared memory, and thread 0 adds the line's sum to output[0] with
// one atomicAdd. The total is at most 1.25 * 10^9, so int never overflows.

#define THREADS 128

__global__ void box_sum(const int* __restrict__ in, int* __restrict__ out, int M, int K,
                        int S_DEP, int S_ROW, int rows, int S_COL, int E_COL) {
    const int d = S_DEP + blockIdx.x / rows;
    const int r = S_ROW + blockIdx.x % rows;
    const int* line = in + ((size_t)d * M + r) * K;
    int s = 0;
    for (int c = S_COL + threadIdx.x; c <= E_COL; c += THREADS) s += __ldg(line + c);
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

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP,
                      int S_ROW, int E_ROW, int S_COL, int E_COL) {
    cudaMemsetAsync(output, 0, sizeof(int));
    const int depths = E_DEP - S_DEP + 1;
    const int rows = E_ROW - S_ROW + 1;
    box_sum<<<depths * rows, THREADS>>>(input, output, M, K, S_DEP, S_ROW, rows, S_COL, E_COL);
}
