// Correct, and prints from the device once per call.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void add(const float* A, const float* B, float* C, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) printf("device printf N=%d\n", N);
    if (i < N) C[i] = A[i] + B[i];
}
extern "C" void solve(const float* A, const float* B, float* C, int N) {
    add<<<(N + 255) / 256, 256>>>(A, B, C, N);
}
