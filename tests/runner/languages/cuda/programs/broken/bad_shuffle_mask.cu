// problem: dot-product
// expect: shuffle mask; kernel=dot_kernel; block=0
// Threads past the end return early, yet the warp reduction still names all 32 lanes.
#include <cuda_runtime.h>

__global__ void dot_kernel(const float* A, const float* B, float* result, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    float v = A[i] * B[i];
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);  // BUG
    if ((threadIdx.x & 31) == 0) atomicAdd(result, v);
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    cudaMemset(result, 0, sizeof(float));
    dot_kernel<<<(N + 255) / 256, 256>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
