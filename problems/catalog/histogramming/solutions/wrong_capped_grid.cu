#include <cuda_runtime.h>

// Bug: counts with global atomics straight into the histogram without clearing it first;
// the output buffer is not guaranteed to start at zero.

__global__ void hist_kernel(const int* __restrict__ in, int* hist, int n, int bins) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int v = in[i];
        if (v >= 0 && v < bins) atomicAdd(&hist[v], 1);
    }
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
    int blocks = (N + 255) / 256;
    if (blocks > 1024) blocks = 1024;
    hist_kernel<<<blocks, 256>>>(input, histogram, N, num_bins);
}
