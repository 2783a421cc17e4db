#include <cuda_runtime.h>
#include <math.h>

// One thread per query point i. The candidate points are streamed through shared memory in
// tiles of 256; candidates are visited in increasing index order and the best one is replaced
// only on a strictly smaller distance, so ties keep the lowest index. best_j starts at 0,
// which is the answer for N = 1.

#define TILE 256

__global__ void nearest(const float* __restrict__ pts, int* __restrict__ indices, int N) {
    __shared__ float sx[TILE], sy[TILE], sz[TILE];
    const int i = blockIdx.x * TILE + threadIdx.x;
    float px = 0.0f, py = 0.0f, pz = 0.0f;
    if (i < N) {
        px = pts[3 * (size_t)i];
        py = pts[3 * (size_t)i + 1];
        pz = pts[3 * (size_t)i + 2];
    }
    float best = INFINITY;
    int best_j = 0;
    for (int base = 0; base < N; base += TILE) {
        const int j = base + threadIdx.x;  // every thread helps load, even if i >= N
        if (j < N) {
            sx[threadIdx.x] = pts[3 * (size_t)j];
            sy[threadIdx.x] = pts[3 * (size_t)j + 1];
            sz[threadIdx.x] = pts[3 * (size_t)j + 2];
        }
        __syncthreads();
        const int count = min(TILE, N - base);
        for (int t = 0; t < count; ++t) {
            const float dx = sx[t] - px, dy = sy[t] - py, dz = sz[t] - pz;
            const float d = (dx * dx + dy * dy) + dz * dz;
            if (d < best && base + t != i) {
                best = d;
                best_j = base + t;
            }
        }
        __syncthreads();
    }
    if (i < N) indices[i] = best_j;
}

extern "C" void solve(const float* points, int* indices, int N) {
    const int blocks = (N + TILE - 1) / TILE;
    nearest<<<blocks, TILE>>>(points, indices, N);
}
