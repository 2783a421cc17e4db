#include <cuda_runtime.h>
#include <math.h>

// Bug: the temperature multiplies the logits instead of dividing them (the selection of the
// top k is right), so T < 1 flattens the distribution and T > 1 sharpens it.
#define THREADS 256
#define MAX_K 1024

// true when (v, i) comes before (bv, bi) in the order
__device__ __forceinline__ bool before(float v, int i, float bv, int bi) {
    return v > bv || (v == bv && i < bi);
}

__global__ void topk_sample(const float* __restrict__ logits, const float* __restrict__ u,
                            int* __restrict__ tokens, int V, int k, float temperature) {
    __shared__ float sel_v[MAX_K];
    __shared__ int sel_i[MAX_K];
    __shared__ float red_v[THREADS / 32];
    __shared__ int red_i[THREADS / 32];
    const int row = blockIdx.x;
    const float* x = logits + (size_t)row * V;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;

    float prev_v = INFINITY;  // nothing picked yet: every entry comes after (+inf, -1)
    int prev_i = -1;
    for (int r = 0; r < k; ++r) {
        float bv = -INFINITY;
        int bi = 0x7fffffff;  // "no candidate": comes after every real entry
        for (int j = threadIdx.x; j < V; j += THREADS) {
            float v = x[j];
            if (before(prev_v, prev_i, v, j) && before(v, j, bv, bi)) {
                bv = v;
                bi = j;
            }
        }
        for (int off = 16; off > 0; off >>= 1) {
            float ov = __shfl_xor_sync(0xffffffffu, bv, off);
            int oi = __shfl_xor_sync(0xffffffffu, bi, off);
            if (before(ov, oi, bv, bi)) {
                bv = ov;
                bi = oi;
            }
        }
        if (lane == 0) {
            red_v[warp] = bv;
            red_i[warp] = bi;
        }
        __syncthreads();
        bv = red_v[0];
        bi = red_i[0];
        for (int w = 1; w < THREADS / 32; ++w)
            if (before(red_v[w], red_i[w], bv, bi)) {
                bv = red_v[w];
                bi = red_i[w];
            }
        if (threadIdx.x == 0) {
            sel_v[r] = bv;
            sel_i[r] = bi;
        }
        prev_v = bv;
        prev_i = bi;
        __syncthreads();  // red_* is rewritten in the next round
    }

    if (threadIdx.x == 0) {
        const float top = sel_v[0];
        float sum = 0.0f;
        for (int r = 0; r < k; ++r) sum += expf((sel_v[r] - top) * temperature);
        const float target = u[row];
        int pick = sel_i[k - 1];  // if rounding leaves the total at or below u
        float c = 0.0f;
        for (int r = 0; r < k; ++r) {
            c += expf((sel_v[r] - top) * temperature) / sum;
            if (c > target) {
                pick = sel_i[r];
                break;
            }
        }
        tokens[row] = pick;
    }
}

extern "C" void solve(const float* logits, const float* u, int* tokens, int B, int V, int k,
                      float temperature) {
    topk_sample<<<B, THREADS>>>(logits, u, tokens, V, k, temperature);
}
