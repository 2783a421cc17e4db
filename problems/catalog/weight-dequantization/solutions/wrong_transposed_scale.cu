#include <cuda_runtime.h>

// Bug: indexes the scale grid column-major (S[(j / T) * tiles_m + i / T]), i.e. uses the
// transpose of the intended tile.
__global__ void dequant(const float* X, const float* S, float* Y, int M, int N, int T) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= M || j >= N) return;
    int tiles_m = (M + T - 1) / T;
    Y[i * N + j] = X[i * N + j] * S[(j / T) * tiles_m + i / T];
}

extern "C" void solve(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    dim3 block(32, 8), grid((N + 31) / 32, (M + 7) / 8);
    dequant<<<grid, block>>>(X, S, Y, M, N, TILE_SIZE);
}
