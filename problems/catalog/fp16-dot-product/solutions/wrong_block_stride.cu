#include <cuda_fp16.h>
#include <cuda_runtime.h>

// Bug: the grid-stride loop advances by blockDim.x instead of gridDim.x * blockDim.x, so
// blocks walk overlapping ranges and most products are added several times.
__device__ float g_dot;

__global__ void dot(const half* A, const half* B, int N) {
    float s = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x)
        s += __half2float(A[i]) * __half2float(B[i]);
    atomicAdd(&g_dot, s);
}

__global__ void store_result(half* result) { result[0] = __float2half(g_dot); }

extern "C" void solve(const half* A, const half* B, half* result, int N) {
    void* acc;
    cudaGetSymbolAddress(&acc, g_dot);
    cudaMemset(acc, 0, sizeof(float));
    int blocks = (N + 255) / 256;
    if (blocks > 1024) blocks = 1024;
    dot<<<blocks, 256>>>(A, B, N);
    store_result<<<1, 1>>>(result);
}
