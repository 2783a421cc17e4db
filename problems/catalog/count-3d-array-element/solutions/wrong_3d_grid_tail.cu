#include <cuda_runtime.h>

// One thread per element on a 3-D grid: x over the K columns (blocks of 32), y over the M
// rows (blocks of 8), z over the N slices (one per block).
// Bug: the number of blocks along x is K / 32 (a floor division), so when K is not a multiple
// of 32 the last columns of every row are never counted.

__global__ void count_equal_3d(const int* in, int* out, int N, int M, int K, int P) {
    const int k = blockIdx.x * 32 + threadIdx.x;
    const int m = blockIdx.y * 8 + threadIdx.y;
    const int n = blockIdx.z;
    if (n < N && m < M && k < K && in[((size_t)n * M + m) * K + k] == P) atomicAdd(out, 1);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    cudaMemset(output, 0, sizeof(int));
    dim3 block(32, 8);
    dim3 grid(K / 32, (M + 7) / 8, N);
    if (grid.x > 0) count_equal_3d<<<grid, block>>>(input, output, N, M, K, P);
}
