#include <cuda_runtime.h>

// The N x M matrix is treated as one flat array of N*M ints. Grid-stride loop; each warp
// counts its matches with __ballot_sync/__popc, lane 0 of every warp adds the warp's total to
// a shared counter and one atomicAdd per block updates output[0].

#define THREADS 256

__global__ void count_equal(const int* __restrict__ in, int* __restrict__ out, long long total,
                            int K) {
    __shared__ int block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    int local = 0;
    const long long stride = (long long)gridDim.x * THREADS;
    // The loop variable is the block's base index, the same for all its threads, so every
    // lane of a warp runs the same iterations and __ballot_sync always sees the full warp.
    for (long long base = (long long)blockIdx.x * THREADS; base < total; base += stride) {
        const long long i = base + threadIdx.x;
        const bool hit = i < total && __ldg(in + i) == K;
        const unsigned mask = __ballot_sync(0xffffffffu, hit);
        if ((threadIdx.x & 31) == 0) local += __popc(mask);
    }
    if ((threadIdx.x & 31) == 0 && local) atomicAdd(&block_count, local);
    __syncthreads();
    if (threadIdx.x == 0 && block_count) atomicAdd(out, block_count);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K) {
    const long long total = (long long)N * M;
    cudaMemsetAsync(output, 0, sizeof(int));
    long long blocks = (total + THREADS - 1) / THREADS;
    if (blocks > 132 * 16) blocks = 132 * 16;
    count_equal<<<(int)blocks, THREADS>>>(input, output, total, K);
}
