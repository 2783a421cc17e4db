#include <cuda_runtime.h>

// One thread per output element (b, l, d), d fastest so that neighbouring threads read
// neighbouring channels. Each thread sums its K <= 8 taps, skipping positions before 0.
__global__ void causal_dwconv(const float* __restrict__ x, const float* __restrict__ w,
                              const float* __restrict__ bias, float* __restrict__ y,
                              int L, int D, int K, long long total) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= total) return;
    const int d = (int)(i % D);
    const int l = (int)((i / D) % L);
    float acc = bias[d];
    for (int k = 0; k < K; ++k) {
        const int src = l - k;
        if (src < 0) break;
        acc = fmaf(w[(size_t)d * K + k], x[i - (long long)k * D], acc);
    }
    y[i] = acc;
}

extern "C" void solve(const float* x, const float* weight, const float* bias, float* output,
                      int B, int L, int D, int K) {
    const long long total = (long long)B * L * D;
    if (total <= 0) return;
    const int threads = 256;
    const long long blocks = (total + threads - 1) / threads;
    causal_dwconv<<<(unsigned)blocks, threads>>>(x, weight, bias, output, L, D, K, total);
}
