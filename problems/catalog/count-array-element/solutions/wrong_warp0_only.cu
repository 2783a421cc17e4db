#include <cuda_runtime.h>

// Bug: output[0] is never zeroed, so the atomics add onto whatever the buffer held.
__global__ void count_equal(const int* in, int* out, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int hit = (i < N && in[i] == K);
    hit = __syncthreads_count(hit);
    if (threadIdx.x == 0 && hit) atomicAdd(out, hit);
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    count_equal<<<(N + 255) / 256, 256>>>(input, output, N, K);
}
