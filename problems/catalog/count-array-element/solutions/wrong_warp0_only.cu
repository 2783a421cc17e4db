#include <cuda_runtime.h>

// Bug: each warp counts its matches with a ballot, but only thread 0 of the block adds its
// ballot into output[0], so the matches seen by warps 1..7 of every block are lost (correct
// only while every match falls in the first 32 elements of its block). Counting straight into
// output[0] is fine: it arrives zero-filled.
__global__ void count_equal(const int* in, int* out, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned hits = __ballot_sync(0xffffffffu, i < N && in[i] == K);
    if (threadIdx.x == 0 && hits) atomicAdd(out, __popc(hits));  // bug: lane 0 of warp 0 only
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    count_equal<<<(N + 255) / 256, 256>>>(input, output, N, K);
}
