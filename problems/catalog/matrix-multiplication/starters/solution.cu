#include <cuda_runtime.h>

// C (M x K) = A (M x N) * B (N x K); all row-major. The shared dimension is N.
__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;   // column of C, < K
    int row = blockIdx.y * blockDim.y + threadIdx.y;   // row of C, < M
    // TODO: C[row * K + col] = sum over j < N of A[row * N + j] * B[j * K + col]
}

// A, B, C are device pointers.
extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K) {
    dim3 threads(16, 16);
    dim3 blocks((K + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
    matmul_kernel<<<blocks, threads>>>(A, B, C, M, N, K);
}
