#include <cuda_runtime.h>

__device__ __forceinline__ unsigned int fnv1a_word(unsigned int v) {
    unsigned int s = 2166136261u;
#pragma unroll
    for (int b = 0; b < 4; ++b) s = (s ^ ((v >> (8 * b)) & 0xFFu)) * 16777619u;
    return s;
}

__global__ void rainbow(const int* __restrict__ in, unsigned int* __restrict__ out, int n, int R) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        unsigned int v = (unsigned int)in[i];
        for (int r = 0; r < R; ++r) v = fnv1a_word(v);
        out[i] = v;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    int blocks = (N + 255) / 256;
    if (blocks > 132 * 32) blocks = 132 * 32;
    rainbow<<<blocks, 256>>>(input, output, N, R);
}
