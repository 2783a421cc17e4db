// problem: histogramming
// expect: lost update; kernel=histogram_kernel; block=0; thread=1
// The privatised histogram with a plain increment instead of the shared-memory atomic: two
// threads of a block that meet the same bin both read the count and one increment is lost.
#include <cuda_runtime.h>

__global__ void histogram_kernel(const int* input, int* histogram, int N, int num_bins) {
    extern __shared__ int local[];
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
        local[input[i]]++;  // BUG
    __syncthreads();
    for (int b = threadIdx.x; b < num_bins; b += blockDim.x)
        if (local[b]) atomicAdd(&histogram[b], local[b]);
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
    const int threads = 256;
    int blocks = (N + threads - 1) / threads;
    if (blocks > 64) blocks = 64;
    cudaMemset(histogram, 0, num_bins * sizeof(int));
    histogram_kernel<<<blocks, threads, num_bins * sizeof(int)>>>(input, histogram, N, num_bins);
    cudaDeviceSynchronize();
}
