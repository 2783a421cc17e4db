#include <cuda_runtime.h>

// One block per row. The row is processed in tiles of 2048 steps staged in shared memory
// (coalesced loads); each thread owns 8 consecutive steps. A step is the affine map
// h -> a*h + x; maps compose as (a1, x1) then (a2, x2) = (a1*a2, a2*x1 + x2). A block-wide
// exclusive scan of the per-thread maps (warp shuffles + shared memory) gives every thread
// its incoming state, the thread replays its 8 steps, and the tile's total map carries the
// state into the next tile.
#define THREADS 256
#define PER_THREAD 8
#define TILE (THREADS * PER_THREAD)

struct Affine {
    float a, x;
};

__device__ __forceinline__ Affine compose(Affine p, Affine q) { return {p.a * q.a, fmaf(q.a, p.x, q.x)}; }

__device__ __forceinline__ Affine warp_inclusive(Affine v, int lane) {
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        float a = __shfl_up_sync(0xffffffffu, v.a, off);
        float x = __shfl_up_sync(0xffffffffu, v.x, off);
        if (lane >= off) v = compose(Affine{a, x}, v);
    }
    return v;
}

__global__ void __launch_bounds__(THREADS) recurrence_rows(const float* __restrict__ a,
                                                           const float* __restrict__ x,
                                                           float* __restrict__ h, int L) {
    __shared__ float sa[TILE + TILE / 32];  // +1 float of padding every 32 to avoid conflicts
    __shared__ float sx[TILE + TILE / 32];
    __shared__ Affine warp_tot[THREADS / 32];
    const size_t row = blockIdx.x;
    const float* ar = a + row * L;
    const float* xr = x + row * L;
    float* hr = h + row * L;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    float carry = 0.0f;
    for (int t0 = 0; t0 < L; t0 += TILE) {
        for (int k = threadIdx.x; k < TILE; k += THREADS) {
            int t = t0 + k, p = k + k / 32;
            bool in = t < L;
            sa[p] = in ? (t == 0 ? 0.0f : ar[t]) : 1.0f;  // a[row][0] is never used
            sx[p] = in ? xr[t] : 0.0f;
        }
        __syncthreads();
        Affine mine{1.0f, 0.0f};
#pragma unroll
        for (int k = 0; k < PER_THREAD; ++k) {
            int q = threadIdx.x * PER_THREAD + k, p = q + q / 32;
            mine = compose(mine, Affine{sa[p], sx[p]});
        }
        Affine incl = warp_inclusive(mine, lane);
        if (lane == 31) warp_tot[warp] = incl;
        __syncthreads();
        if (warp == 0) {
            Affine w = lane < THREADS / 32 ? warp_tot[lane] : Affine{1.0f, 0.0f};
            w = warp_inclusive(w, lane);
            if (lane < THREADS / 32) warp_tot[lane] = w;
        }
        __syncthreads();
        Affine excl{__shfl_up_sync(0xffffffffu, incl.a, 1), __shfl_up_sync(0xffffffffu, incl.x, 1)};
        if (lane == 0) excl = Affine{1.0f, 0.0f};
        if (warp > 0) excl = compose(warp_tot[warp - 1], excl);
        float state = fmaf(excl.a, carry, excl.x);
#pragma unroll
        for (int k = 0; k < PER_THREAD; ++k) {
            int q = threadIdx.x * PER_THREAD + k, p = q + q / 32;
            state = fmaf(sa[p], state, sx[p]);
            sx[p] = state;
        }
        const Affine total = warp_tot[THREADS / 32 - 1];
        __syncthreads();
        for (int k = threadIdx.x; k < TILE && t0 + k < L; k += THREADS) hr[t0 + k] = sx[k + k / 32];
        carry = fmaf(total.a, carry, total.x);
        __syncthreads();
    }
}

extern "C" void solve(const float* a, const float* x, float* h, int B, int L) {
    recurrence_rows<<<B, THREADS>>>(a, x, h, L);
}
