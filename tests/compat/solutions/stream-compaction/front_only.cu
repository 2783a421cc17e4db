// One block scans flags in chunks and scatters the kept values; the tail of out is left as it
// arrives (zero-filled).
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void compact_single_block(const float* A, int N, float* out) {
    __shared__ int warp_totals[THREADS / 32];
    __shared__ int base;
    if (threadIdx.x == 0) base = 0;
    __syncthreads();
    int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
    for (int start = 0; start < N; start += THREADS) {
        int i = start + threadIdx.x;
        float v = i < N ? A[i] : 0.0f;
        bool keep = v > 0.0f;
        unsigned ballot = __ballot_sync(0xffffffff, keep);
        if (lane == 0) warp_totals[warp] = __popc(ballot);
        __syncthreads();
        int before = 0, total = 0;
        for (int w = 0; w < THREADS / 32; ++w) {
            if (w < warp) before += warp_totals[w];
            total += warp_totals[w];
        }
        if (keep) out[base + before + __popc(ballot & ((1u << lane) - 1))] = v;
        __syncthreads();
        if (threadIdx.x == 0) base += total;
        __syncthreads();
    }
}

extern "C" void solve(const float* A, int N, float* out) {
    compact_single_block<<<1, THREADS>>>(A, N, out);
}
