// Writes far beyond the end of C: an illegal address (or silent corruption).
#include <cuda_runtime.h>
__global__ void add(const float* A, const float* B, float* C, int N) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < N) C[i] = A[i] + B[i];
    if (i == 0) C[(long long)N + (1LL << 36)] = 1.0f;  // 256 GiB past the end
}
extern "C" void solve(const float* A, const float* B, float* C, int N) {
    add<<<(N + 255) / 256, 256>>>(A, B, C, N);
}
