#include <cuda_runtime.h>

// Bug: each 256-element block scans its own slice but never receives the running sum from
// the blocks before it, so a segment that crosses a block boundary restarts from 0 there.
__global__ void seg_scan_block(const float* v, const int* fl, float* out, int N) {
    __shared__ float s[256];
    __shared__ int f[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    s[threadIdx.x] = i < N ? v[i] : 0.0f;
    f[threadIdx.x] = i < N ? fl[i] : 1;
    __syncthreads();
    if (threadIdx.x == 0) {
        float run = 0.0f;
        for (int k = 0; k < 256; ++k) {
            if (f[k]) run = 0.0f;
            float x = s[k];
            s[k] = run;
            run += x;
        }
    }
    __syncthreads();
    if (i < N) out[i] = s[threadIdx.x];
}

extern "C" void solve(const float* values, const int* flags, float* output, int N) {
    seg_scan_block<<<(N + 255) / 256, 256>>>(values, flags, output, N);
}
