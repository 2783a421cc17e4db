#include <cuda_runtime.h>
#include <climits>

// Bug: the last window start s = N - window_size is never examined (the test is written
// s < N - w), so a maximum that sits at the very end is missed, and when the window covers
// the whole array no window is examined at all (output stays INT_MIN).
//
// 1. prefix (one block of 1024 threads): P[0] = 0, P[i + 1] = input[0] + ... + input[i].
//    Each thread owns a contiguous chunk; the chunk totals are scanned in shared memory
//    (Hillis-Steele), then each thread writes its chunk's running sums.
// 2. window_max: one thread per window start s in [0, N - window_size]; the window sum is
//    P[s + w] - P[s]; block maximum by warp shuffles and shared memory, then atomicMax into
//    output[0], which a one-thread kernel first sets to INT_MIN (the answer may be negative).
// |sums| <= 10 * 50,000, so int is enough everywhere.

#define SCAN_THREADS 1024
#define THREADS 256

__global__ void prefix(const int* __restrict__ in, int* __restrict__ P, int N) {
    __shared__ int totals[SCAN_THREADS];
    const int tid = threadIdx.x;
    const int chunk = (N + SCAN_THREADS - 1) / SCAN_THREADS;
    const int begin = min(N, tid * chunk);
    const int end = min(N, begin + chunk);
    int local = 0;
    for (int i = begin; i < end; ++i) local += in[i];
    totals[tid] = local;
    __syncthreads();
    for (int off = 1; off < SCAN_THREADS; off <<= 1) {
        const int v = tid >= off ? totals[tid - off] : 0;
        __syncthreads();
        totals[tid] += v;
        __syncthreads();
    }
    int running = tid > 0 ? totals[tid - 1] : 0;  // sum of all earlier chunks
    if (tid == 0) P[0] = 0;
    for (int i = begin; i < end; ++i) {
        running += in[i];
        P[i + 1] = running;
    }
}

__global__ void set_min(int* out) { out[0] = INT_MIN; }

__global__ void window_max(const int* __restrict__ P, int* __restrict__ out, int N, int w) {
    const int s = blockIdx.x * THREADS + threadIdx.x;
    int v = s < N - w ? P[s + w] - P[s] : INT_MIN;
    for (int off = 16; off > 0; off >>= 1) v = max(v, __shfl_down_sync(0xffffffffu, v, off));
    __shared__ int warp_max[THREADS / 32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) warp_max[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < THREADS / 32 ? warp_max[lane] : INT_MIN;
        for (int off = 16; off > 0; off >>= 1) v = max(v, __shfl_down_sync(0xffffffffu, v, off));
        if (lane == 0) atomicMax(out, v);
    }
}

extern "C" void solve(const int* input, int* output, int N, int window_size) {
    int* P = nullptr;
    cudaMalloc(&P, (size_t)(N + 1) * sizeof(int));
    prefix<<<1, SCAN_THREADS>>>(input, P, N);
    set_min<<<1, 1>>>(output);
    const int starts = N - window_size + 1;
    window_max<<<(starts + THREADS - 1) / THREADS, THREADS>>>(P, output, N, window_size);
    cudaFree(P);
}
