#include <cuda_runtime.h>

// Plain Floyd-Warshall on the output buffer: copy dist, then one kernel launch per pivot k,
// one thread per (i, j). Updating in place is safe: during step k, row k and column k do not
// change (d[k][k] = 0 and there are no negative cycles).

constexpr int TILE = 16;

__global__ void relax(float* d, int n, int k) {
    int j = blockIdx.x * TILE + threadIdx.x;
    int i = blockIdx.y * TILE + threadIdx.y;
    if (i >= n || j >= n) return;
    float via = d[(size_t)i * n + k] + d[(size_t)k * n + j];  // +inf stays +inf
    float cur = d[(size_t)i * n + j];
    if (via < cur) d[(size_t)i * n + j] = via;
}

extern "C" void solve(const float* dist, float* output, int N) {
    cudaMemcpyAsync(output, dist, (size_t)N * N * sizeof(float), cudaMemcpyDeviceToDevice);
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
    for (int k = 0; k < N; ++k) relax<<<grid, block>>>(output, N, k);
}
