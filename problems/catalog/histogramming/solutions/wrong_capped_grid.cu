#include <cuda_runtime.h>

// Bug: the grid is capped at 1024 blocks of 256 threads but the kernel has no grid-stride
// loop, so every element past the first 262,144 is never counted. Counting straight into the
// histogram with global atomics is fine: it arrives zero-filled.

__global__ void hist_kernel(const int* __restrict__ in, int* hist, int n, int bins) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i];
        if (v >= 0 && v < bins) atomicAdd(&hist[v], 1);
    }
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
    int blocks = (N + 255) / 256;
    if (blocks > 1024) blocks = 1024;  // bug: nothing covers the rest of the input
    hist_kernel<<<blocks, 256>>>(input, histogram, N, num_bins);
}
