// An invalid launch configuration (2048 threads per block): the launch itself fails.
#include <cuda_runtime.h>
__global__ void add(const float* A, const float* B, float* C, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) C[i] = A[i] + B[i];
}
extern "C" void solve(const float* A, const float* B, float* C, int N) {
    add<<<(N + 2047) / 2048, 2048>>>(A, B, C, N);
}
