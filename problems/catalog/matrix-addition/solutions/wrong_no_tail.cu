#include <cuda_runtime.h>

// Bug: float4 loop over N*N / 4 vectors with no scalar tail; when N*N is not a multiple of 4
// (every odd N) the last one to three elements of C are never written.
__global__ void add4(const float4* __restrict__ A, const float4* __restrict__ B,
                     float4* __restrict__ C, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
        float4 a = A[i], b = B[i];
        C[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
    int n4 = N * N / 4;
    if (n4 > 0) add4<<<(n4 + 255) / 256, 256>>>((const float4*)A, (const float4*)B, (float4*)C, n4);
}
