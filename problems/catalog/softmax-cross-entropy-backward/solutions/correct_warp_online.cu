#include <cuda_runtime.h>
#include <math.h>

// Another order: one warp per row, online softmax in one read (each lane keeps a running max
// and a running sum rescaled when the max grows; lanes are merged with shuffles), then a
// second sweep writes the gradient. Per-row losses go to the loss through a shared-memory
// sum per block and one atomicAdd per block, after a one-thread kernel zeroes the loss.
#define WARPS 8

__global__ void zero_loss(float* loss) { loss[0] = 0.0f; }

__global__ void ce_warp_rows(const float* __restrict__ logits, const int* __restrict__ labels,
                             float* __restrict__ loss, float* __restrict__ dlogits, int N, int C) {
    __shared__ float row_losses[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int row = blockIdx.x * WARPS + warp;
    float row_loss = 0.0f;
    if (row < N) {
        const float* x = logits + (size_t)row * C;
        float* g = dlogits + (size_t)row * C;
        float m = -INFINITY, s = 0.0f;
        for (int j = lane; j < C; j += 32) {
            float v = x[j];
            if (v > m) {
                s = s * expf(m - v) + 1.0f;  // expf(-inf) = 0 for the first element
                m = v;
            } else {
                s += expf(v - m);
            }
        }
        for (int off = 16; off > 0; off >>= 1) {
            float m2 = __shfl_xor_sync(0xffffffffu, m, off);
            float s2 = __shfl_xor_sync(0xffffffffu, s, off);
            float mn = fmaxf(m, m2);
            // a lane that saw no element has m = -inf and s = 0
            float a = (m == -INFINITY) ? 0.0f : s * expf(m - mn);
            float b = (m2 == -INFINITY) ? 0.0f : s2 * expf(m2 - mn);
            m = mn;
            s = a + b;
        }
        const int label = labels[row];
        const float inv_s = 1.0f / s;
        for (int j = lane; j < C; j += 32) {
            float p = expf(x[j] - m) * inv_s;
            g[j] = (p - (j == label ? 1.0f : 0.0f)) / (float)N;
        }
        row_loss = (m + logf(s) - x[label]) / (float)N;
    }
    if (lane == 0) row_losses[warp] = row_loss;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.0f;
        for (int w = 0; w < WARPS; ++w) t += row_losses[w];
        atomicAdd(loss, t);
    }
}

extern "C" void solve(const float* logits, const int* labels, float* loss, float* dlogits, int N,
                      int C) {
    zero_loss<<<1, 1>>>(loss);
    ce_warp_rows<<<(N + WARPS - 1) / WARPS, WARPS * 32>>>(logits, labels, loss, dlogits, N, C);
}
