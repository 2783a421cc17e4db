#include <cuda_runtime.h>

// One pass: every block sums a contiguous chunk with a shared-memory tree
// (pairwise halving), then adds its partial sum to output[0] with one atomicAdd.
// The order of the atomic additions varies from run to run.

constexpr int THREADS = 512;
constexpr int PER_THREAD = 8;
constexpr int CHUNK = THREADS * PER_THREAD;

__global__ void chunk_sums(const float* __restrict__ in, float* out, int n) {
    __shared__ float s[THREADS];
    long long base = (long long)blockIdx.x * CHUNK;
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
        long long i = base + k * THREADS + threadIdx.x;  // coalesced
        if (i < n) acc += in[i];
    }
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

extern "C" void solve(const float* input, float* output, int N) {
    cudaMemsetAsync(output, 0, sizeof(float));
    int blocks = (N + CHUNK - 1) / CHUNK;
    if (blocks > 0) chunk_sums<<<blocks, THREADS>>>(input, output, N);
}
