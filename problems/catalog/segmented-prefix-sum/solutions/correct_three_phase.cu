#include <cuda_runtime.h>

// Segmented exclusive scan in three phases over tiles of 1024 elements (256 threads x 4):
//   1. each tile's aggregate under the segmented operator,
//   2. one block scans the tile aggregates (exclusive) -> carry-in per tile,
//   3. each tile rescans itself with its carry-in and writes the outputs.
// The operator on (flag, sum) pairs: (f1, s1) + (f2, s2) = (f1 | f2, f2 ? s2 : s1 + s2).
#define THREADS 256
#define PER_THREAD 4
#define TILE (THREADS * PER_THREAD)

struct Seg {
    int f;
    float s;
};

__device__ __forceinline__ Seg combine(Seg a, Seg b) { return {a.f | b.f, b.f ? b.s : a.s + b.s}; }

__device__ __forceinline__ Seg warp_inclusive(Seg x, int lane) {
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        int f = __shfl_up_sync(0xffffffffu, x.f, off);
        float s = __shfl_up_sync(0xffffffffu, x.s, off);
        if (lane >= off) x = combine(Seg{f, s}, x);
    }
    return x;
}

// Exclusive scan of one Seg per thread across the block; *total receives the block aggregate.
__device__ Seg block_exclusive(Seg x, Seg* total) {
    __shared__ Seg warp_tot[THREADS / 32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    __syncthreads();  // warp_tot may still be read from a previous call
    Seg incl = warp_inclusive(x, lane);
    if (lane == 31) warp_tot[warp] = incl;
    __syncthreads();
    if (warp == 0) {
        Seg w = lane < THREADS / 32 ? warp_tot[lane] : Seg{0, 0.0f};
        w = warp_inclusive(w, lane);
        if (lane < THREADS / 32) warp_tot[lane] = w;
    }
    __syncthreads();
    Seg excl{__shfl_up_sync(0xffffffffu, incl.f, 1), __shfl_up_sync(0xffffffffu, incl.s, 1)};
    if (lane == 0) excl = Seg{0, 0.0f};
    if (warp > 0) excl = combine(warp_tot[warp - 1], excl);
    *total = warp_tot[THREADS / 32 - 1];
    return excl;
}

__device__ __forceinline__ void load4(const float* v, const int* fl, int N, long long base,
                                      float (&x)[PER_THREAD], int (&f)[PER_THREAD]) {
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
        long long i = base + k;
        x[k] = i < N ? v[i] : 0.0f;
        f[k] = i < N ? fl[i] : 0;
    }
}

__global__ void __launch_bounds__(THREADS) tile_aggregates(const float* v, const int* fl, int N,
                                                           Seg* agg) {
    float x[PER_THREAD];
    int f[PER_THREAD];
    load4(v, fl, N, (long long)blockIdx.x * TILE + threadIdx.x * PER_THREAD, x, f);
    Seg a{0, 0.0f};
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) a = combine(a, Seg{f[k], x[k]});
    Seg total;
    block_exclusive(a, &total);
    if (threadIdx.x == 0) agg[blockIdx.x] = total;
}

__global__ void __launch_bounds__(THREADS) scan_aggregates(const Seg* agg, Seg* carry, int tiles) {
    Seg running{0, 0.0f};
    for (int base = 0; base < tiles; base += TILE) {
        Seg a[PER_THREAD];
        Seg t{0, 0.0f};
#pragma unroll
        for (int k = 0; k < PER_THREAD; ++k) {
            int i = base + threadIdx.x * PER_THREAD + k;
            a[k] = i < tiles ? agg[i] : Seg{0, 0.0f};
            t = combine(t, a[k]);
        }
        Seg total;
        Seg pre = combine(running, block_exclusive(t, &total));
#pragma unroll
        for (int k = 0; k < PER_THREAD; ++k) {
            int i = base + threadIdx.x * PER_THREAD + k;
            if (i < tiles) carry[i] = pre;
            pre = combine(pre, a[k]);
        }
        running = combine(running, total);
    }
}

__global__ void __launch_bounds__(THREADS) tile_scan(const float* v, const int* fl, float* out,
                                                     int N, const Seg* carry) {
    float x[PER_THREAD];
    int f[PER_THREAD];
    const long long base = (long long)blockIdx.x * TILE + threadIdx.x * PER_THREAD;
    load4(v, fl, N, base, x, f);
    Seg a{0, 0.0f};
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) a = combine(a, Seg{f[k], x[k]});
    Seg total;
    Seg pre = combine(carry[blockIdx.x], block_exclusive(a, &total));
    float run = pre.s;
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
        if (f[k]) run = 0.0f;
        if (base + k < N) out[base + k] = run;
        run += x[k];
    }
}

extern "C" void solve(const float* values, const int* flags, float* output, int N) {
    static Seg* scratch = nullptr;
    static int capacity = 0;
    int tiles = (N + TILE - 1) / TILE;
    if (tiles > capacity) {
        if (scratch) cudaFree(scratch);
        cudaMalloc(&scratch, 2 * sizeof(Seg) * (size_t)tiles);
        capacity = tiles;
    }
    Seg* agg = scratch;
    Seg* carry = scratch + tiles;
    tile_aggregates<<<tiles, THREADS>>>(values, flags, N, agg);
    scan_aggregates<<<1, THREADS>>>(agg, carry, tiles);
    tile_scan<<<tiles, THREADS>>>(values, flags, output, N, carry);
}
