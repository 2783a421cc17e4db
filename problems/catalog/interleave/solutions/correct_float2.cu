#include <cuda_runtime.h>

// Each thread reads A[i] and B[i] (coalesced) and writes them as one float2 at output[2i].
__global__ void interleave2(const float* __restrict__ A, const float* __restrict__ B,
                            float2* __restrict__ out, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        out[i] = make_float2(A[i], B[i]);
}

extern "C" void solve(const float* A, const float* B, float* output, int N) {
    int blocks = (N + 255) / 256;
    if (blocks > 132 * 16) blocks = 132 * 16;
    interleave2<<<blocks, 256>>>(A, B, (float2*)output, N);
}
