#include <cuda_runtime.h>
#include <cmath>

// Bug: the logit of the true class is read as logits[label] (row 0) instead of
// logits[row * C + label], so every sample but the first uses the wrong value.
//
// One warp per sample: each lane keeps an online (max, sum of exp) pair over its strided
// share of the row, the pairs are merged with shuffles, lane 0 forms
// log-sum-exp - logit[label]. The block adds up its warps' losses and issues one atomicAdd of
// (block total / N) into the zeroed output.

constexpr int WARPS = 8;

__device__ __forceinline__ void merge(float& m, float& s, float m2, float s2) {
    float nm = fmaxf(m, m2);
    if (nm == -INFINITY) return;
    s = s * __expf(m - nm) + s2 * __expf(m2 - nm);
    m = nm;
}

__global__ void ce_kernel(const float* __restrict__ logits, const int* __restrict__ labels, float* loss,
                          int n, int c) {
    __shared__ float warp_loss[WARPS];
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int row = blockIdx.x * WARPS + warp;
    float row_loss = 0.0f;
    if (row < n) {
        const float* x = logits + (long long)row * c;
        float m = -INFINITY, s = 0.0f;
        for (int j = lane; j < c; j += 32) {
            float v = x[j];
            if (v > m) {
                s = s * __expf(m - v) + 1.0f;
                m = v;
            } else {
                s += __expf(v - m);
            }
        }
        for (int off = 16; off > 0; off >>= 1) {
            float m2 = __shfl_xor_sync(0xffffffffu, m, off);
            float s2 = __shfl_xor_sync(0xffffffffu, s, off);
            merge(m, s, m2, s2);
        }
        row_loss = m + logf(s) - logits[labels[row]];  // bug: row offset missing
    }
    if (lane == 0) warp_loss[warp] = row_loss;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.0f;
        for (int w = 0; w < WARPS; ++w) t += warp_loss[w];
        atomicAdd(loss, t / (float)n);
    }
}

extern "C" void solve(const float* logits, const int* true_labels, float* loss, int N, int C) {
    cudaMemsetAsync(loss, 0, sizeof(float));
    int blocks = (N + WARPS - 1) / WARPS;
    ce_kernel<<<blocks, WARPS * 32>>>(logits, true_labels, loss, N, C);
}
