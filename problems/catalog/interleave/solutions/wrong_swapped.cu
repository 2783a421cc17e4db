#include <cuda_runtime.h>

// Bug: puts B in the even slots and A in the odd ones.
__global__ void interleave(const float* A, const float* B, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { out[2 * i] = B[i]; out[2 * i + 1] = A[i]; }
}

extern "C" void solve(const float* A, const float* B, float* output, int N) {
    interleave<<<(N + 255) / 256, 256>>>(A, B, output, N);
}
