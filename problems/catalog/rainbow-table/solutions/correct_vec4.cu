#include <cuda_runtime.h>

// Four independent words per thread (int4 load, uint4 store) give the multiplier pipeline
// four independent dependency chains; a scalar kernel handles the last N % 4 words.
__device__ __forceinline__ unsigned int fnv1a_word(unsigned int v) {
    unsigned int s = 2166136261u;
#pragma unroll
    for (int b = 0; b < 4; ++b) s = (s ^ ((v >> (8 * b)) & 0xFFu)) * 16777619u;
    return s;
}

__global__ void rainbow4(const int4* __restrict__ in, uint4* __restrict__ out, int n4, int R) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        int4 w = in[i];
        unsigned int a = w.x, b = w.y, c = w.z, d = w.w;
        for (int r = 0; r < R; ++r) {
            a = fnv1a_word(a); b = fnv1a_word(b); c = fnv1a_word(c); d = fnv1a_word(d);
        }
        out[i] = make_uint4(a, b, c, d);
    }
}

__global__ void rainbow_tail(const int* in, unsigned int* out, int start, int n, int R) {
    int i = start + threadIdx.x;
    if (i < n) {
        unsigned int v = (unsigned int)in[i];
        for (int r = 0; r < R; ++r) v = fnv1a_word(v);
        out[i] = v;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    int n4 = N / 4;
    if (n4 > 0) {
        int blocks = (n4 + 255) / 256;
        if (blocks > 132 * 16) blocks = 132 * 16;
        rainbow4<<<blocks, 256>>>((const int4*)input, (uint4*)output, n4, R);
    }
    if (N > n4 * 4) rainbow_tail<<<1, 4>>>(input, output, n4 * 4, N, R);
}
