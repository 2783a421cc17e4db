#include <cuda_runtime.h>

// Privatised histograms: every block counts into its own shared-memory histogram
// (num_bins <= 1024), then adds its non-zero bins to the global one, which is cleared first.

constexpr int THREADS = 512;
constexpr int MAX_BINS = 1024;

__global__ void hist_kernel(const int* __restrict__ in, int* __restrict__ hist, int n, int bins) {
    __shared__ int local[MAX_BINS];
    for (int b = threadIdx.x; b < bins; b += THREADS) local[b] = 0;
    __syncthreads();
    int n4 = n / 4;
    const int4* in4 = reinterpret_cast<const int4*>(in);
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n4; i += gridDim.x * THREADS) {
        int4 v = in4[i];
        if ((unsigned)v.x < (unsigned)bins) atomicAdd(&local[v.x], 1);
        if ((unsigned)v.y < (unsigned)bins) atomicAdd(&local[v.y], 1);
        if ((unsigned)v.z < (unsigned)bins) atomicAdd(&local[v.z], 1);
        if ((unsigned)v.w < (unsigned)bins) atomicAdd(&local[v.w], 1);
    }
    for (int i = n4 * 4 + blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) {
        int v = in[i];
        if ((unsigned)v < (unsigned)bins) atomicAdd(&local[v], 1);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < bins; b += THREADS)
        if (local[b]) atomicAdd(&hist[b], local[b]);
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
    cudaMemsetAsync(histogram, 0, sizeof(int) * num_bins);
    int blocks = (N / 4 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > 132 * 4) blocks = 132 * 4;
    hist_kernel<<<blocks, THREADS>>>(input, histogram, N, num_bins);
}
