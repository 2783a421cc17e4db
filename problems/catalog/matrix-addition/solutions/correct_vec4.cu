#include <cuda_runtime.h>

// The matrices are contiguous, so this is a vector addition over N*N floats: float4 for the
// bulk, a scalar kernel for the last N*N % 4 elements.
__global__ void add4(const float4* __restrict__ A, const float4* __restrict__ B,
                     float4* __restrict__ C, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        float4 a = A[i], b = B[i];
        C[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
}

__global__ void add_tail(const float* A, const float* B, float* C, int start, int n) {
    int i = start + threadIdx.x;
    if (i < n) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
    int n = N * N;
    int n4 = n / 4;
    if (n4 > 0) {
        int blocks = (n4 + 255) / 256;
        if (blocks > 132 * 16) blocks = 132 * 16;
        add4<<<blocks, 256>>>((const float4*)A, (const float4*)B, (float4*)C, n4);
    }
    if (n > n4 * 4) add_tail<<<1, 4>>>(A, B, C, n4 * 4, n);
}
