#include <cuda_runtime.h>

// One block per (depth, row) line of the box, threads striding over the columns.
// Bug: the number of depth slices is computed as E_DEP - S_DEP (the end treated as
// exclusive), so the last depth slice of the box is never added.

#define THREADS 128

__global__ void box_sum(const int* __restrict__ in, int* __restrict__ out, int M, int K,
                        int S_DEP, int S_ROW, int rows, int S_COL, int E_COL) {
    const int d = S_DEP + blockIdx.x / rows;
    const int r = S_ROW + blockIdx.x % rows;
    const int* line = in + ((size_t)d * M + r) * K;
    int s = 0;
    for (int c = S_COL + threadIdx.x; c <= E_COL; c += THREADS) s += line[c];
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, s);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP,
                      int S_ROW, int E_ROW, int S_COL, int E_COL) {
    cudaMemset(output, 0, sizeof(int));
    const int depths = E_DEP - S_DEP;
    const int rows = E_ROW - S_ROW + 1;
    if (depths > 0)
        box_sum<<<depths * rows, THREADS>>>(input, output, M, K, S_DEP, S_ROW, rows, S_COL,
                                            E_COL);
}
