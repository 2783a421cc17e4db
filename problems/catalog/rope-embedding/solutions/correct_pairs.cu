#include <cuda_runtime.h>

// One thread per (row, j < D/2) pair: it reads Q[j], Q[j+h] and the four table entries and
// writes both rotated outputs. Consecutive threads touch consecutive columns (coalesced).
__global__ void rope_pairs(const float* __restrict__ Q, const float* __restrict__ C,
                           const float* __restrict__ S, float* __restrict__ out, int M, int D) {
    const int h = D / 2;
    const long long total = (long long)M * h;
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < total;
         t += (long long)gridDim.x * blockDim.x) {
        long long m = t / h;
        int j = (int)(t - m * h);
        size_t lo = (size_t)m * D + j, hi = lo + h;
        float q0 = __ldg(Q + lo), q1 = __ldg(Q + hi);
        out[lo] = q0 * __ldg(C + lo) - q1 * __ldg(S + lo);
        out[hi] = q1 * __ldg(C + hi) + q0 * __ldg(S + hi);
    }
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
    long long total = (long long)M * (D / 2);
    int threads = 256;
    long long blocks = (total + threads - 1) / threads;
    if (blocks > 132 * 32) blocks = 132 * 32;
    rope_pairs<<<(int)blocks, threads>>>(Q, cos, sin, output, M, D);
}
