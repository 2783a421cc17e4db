#include <cuda_runtime.h>

// Bug: feeds the bytes most-significant first (big-endian order) into FNV-1a.
__device__ __forceinline__ unsigned int fnv1a_word(unsigned int v) {
    unsigned int s = 2166136261u;
    for (int b = 3; b >= 0; --b) s = (s ^ ((v >> (8 * b)) & 0xFFu)) * 16777619u;
    return s;
}

__global__ void rainbow(const int* in, unsigned int* out, int n, int R) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned int v = (unsigned int)in[i];
        for (int r = 0; r < R; ++r) v = fnv1a_word(v);
        out[i] = v;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    rainbow<<<(N + 255) / 256, 256>>>(input, output, N, R);
}
