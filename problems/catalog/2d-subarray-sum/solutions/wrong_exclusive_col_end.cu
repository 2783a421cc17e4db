#include <cuda_runtime.h>

// One block per row of the box, threads striding over the columns, one atomicAdd per block.
// Bug: the column loop stops before E_COL (treats the end as exclusive), so the last column
// of the box is left out.

#define THREADS 256

__global__ void box_sum(const int* __restrict__ in, int* __restrict__ out, int M, int S_ROW,
                        int S_COL, int E_COL) {
    const int* row = in + (size_t)(S_ROW + blockIdx.x) * M;
    int s = 0;
    for (int c = S_COL + threadIdx.x; c < E_COL; c += THREADS) s += row[c];
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, s);
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    cudaMemset(output, 0, sizeof(int));
    box_sum<<<E_ROW - S_ROW + 1, THREADS>>>(input, output, M, S_ROW, S_COL, E_COL);
}
