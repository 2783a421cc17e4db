#include <cuda_runtime.h>

// Stable compaction in three passes over tiles of 1024 elements (256 threads x 4):
//   1. count the kept elements of every tile,
//   2. one block turns the counts into exclusive tile offsets (and the total),
//   3. every tile scans its per-thread counts (warp shuffles + shared memory) and scatters
//      its kept elements; a last kernel writes 0.0 from the total to N.
#define THREADS 256
#define PER_THREAD 4
#define TILE (THREADS * PER_THREAD)

__device__ __forceinline__ int block_exclusive_sum(int x, int* total) {
    __shared__ int warp_tot[THREADS / 32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    __syncthreads();
    int incl = x;
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        int y = __shfl_up_sync(0xffffffffu, incl, off);
        if (lane >= off) incl += y;
    }
    if (lane == 31) warp_tot[warp] = incl;
    __syncthreads();
    if (warp == 0) {
        int w = lane < THREADS / 32 ? warp_tot[lane] : 0;
#pragma unroll
        for (int off = 1; off < 32; off <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, w, off);
            if (lane >= off) w += y;
        }
        if (lane < THREADS / 32) warp_tot[lane] = w;
    }
    __syncthreads();
    *total = warp_tot[THREADS / 32 - 1];
    return incl - x + (warp > 0 ? warp_tot[warp - 1] : 0);
}

__global__ void __launch_bounds__(THREADS) count_tiles(const float* A, int N, int* counts) {
    long long base = (long long)blockIdx.x * TILE + threadIdx.x * PER_THREAD;
    int c = 0;
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) c += (base + k < N && A[base + k] > 0.0f);
    int total;
    block_exclusive_sum(c, &total);
    if (threadIdx.x == 0) counts[blockIdx.x] = total;
}

__global__ void __launch_bounds__(THREADS) scan_counts(const int* counts, int* offsets, int tiles,
                                                       int* kept_total) {
    int running = 0;
    for (int base = 0; base < tiles; base += TILE) {
        int v[PER_THREAD], t = 0;
#pragma unroll
        for (int k = 0; k < PER_THREAD; ++k) {
            int i = base + threadIdx.x * PER_THREAD + k;
            v[k] = i < tiles ? counts[i] : 0;
            t += v[k];
        }
        int total;
        int pre = running + block_exclusive_sum(t, &total);
#pragma unroll
        for (int k = 0; k < PER_THREAD; ++k) {
            int i = base + threadIdx.x * PER_THREAD + k;
            if (i < tiles) offsets[i] = pre;
            pre += v[k];
        }
        running += total;
    }
    if (threadIdx.x == 0) *kept_total = running;
}

__global__ void __launch_bounds__(THREADS) scatter_tiles(const float* A, int N, float* out,
                                                         const int* offsets) {
    long long base = (long long)blockIdx.x * TILE + threadIdx.x * PER_THREAD;
    float v[PER_THREAD];
    int c = 0;
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
        v[k] = base + k < N ? A[base + k] : 0.0f;
        c += v[k] > 0.0f;
    }
    int total;
    int pos = offsets[blockIdx.x] + block_exclusive_sum(c, &total);
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k)
        if (v[k] > 0.0f) out[pos++] = v[k];
}

__global__ void zero_tail(float* out, int N, const int* kept_total) {
    for (long long i = *kept_total + (long long)blockIdx.x * blockDim.x + threadIdx.x; i < N;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = 0.0f;
}

extern "C" void solve(const float* A, int N, float* out) {
    static int* scratch = nullptr;
    static int capacity = 0;
    int tiles = (N + TILE - 1) / TILE;
    if (tiles > capacity) {
        if (scratch) cudaFree(scratch);
        cudaMalloc(&scratch, sizeof(int) * (2 * (size_t)tiles + 1));
        capacity = tiles;
    }
    int* counts = scratch;
    int* offsets = scratch + tiles;
    int* kept_total = scratch + 2 * tiles;
    count_tiles<<<tiles, THREADS>>>(A, N, counts);
    scan_counts<<<1, THREADS>>>(counts, offsets, tiles, kept_total);
    scatter_tiles<<<tiles, THREADS>>>(A, N, out, offsets);
    int zb = (N + THREADS - 1) / THREADS;
    if (zb > 132 * 16) zb = 132 * 16;
    zero_tail<<<zb, THREADS>>>(out, N, kept_total);
}
