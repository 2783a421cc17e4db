#include <cuda_runtime.h>

// Bug: indexes A as if it were stored column-major (A[j * M + i]), i.e. computes A^T-ish
// products; only right when the matrix happens to be symmetric.

__global__ void spmv_naive(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y,
                           int M, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M) return;
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += A[(long long)j * M + i] * x[j];
    y[i] = acc;
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
    spmv_naive<<<(M + 127) / 128, 128>>>(A, x, y, M, N);
}
