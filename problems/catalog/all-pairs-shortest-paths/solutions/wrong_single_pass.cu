#include <cuda_runtime.h>

// Bug: the pivot loop runs inside each thread over the ORIGINAL matrix, so every pair only
// sees paths of at most two edges (the k loop must be the outermost one, over updated values).

constexpr int TILE = 16;

__global__ void two_hop(const float* __restrict__ dist, float* out, int n) {
    int j = blockIdx.x * TILE + threadIdx.x;
    int i = blockIdx.y * TILE + threadIdx.y;
    if (i >= n || j >= n) return;
    float best = dist[(size_t)i * n + j];
    for (int k = 0; k < n; ++k) {
        float via = dist[(size_t)i * n + k] + dist[(size_t)k * n + j];
        best = fminf(best, via);
    }
    out[(size_t)i * n + j] = best;
}

extern "C" void solve(const float* dist, float* output, int N) {
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
    two_hop<<<grid, block>>>(dist, output, N);
}
