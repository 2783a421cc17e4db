#include <cuda_runtime.h>
#include <math.h>

// One block of 256 threads per row: block max, block sum of exp(x - max), then every thread
// writes its columns' (p - onehot) / N. Thread 0 adds the row's (lse - x[label]) / N to the
// loss, which a one-thread kernel set to 0 first (so the result does not depend on what the
// output held before the call).
#define THREADS 256

__device__ float block_reduce(float v, float* red, bool is_max) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int off = 16; off > 0; off >>= 1) {
        float o = __shfl_xor_sync(0xffffffffu, v, off);
        v = is_max ? fmaxf(v, o) : v + o;
    }
    __syncthreads();  // red may still be read from the previous call
    if (lane == 0) red[warp] = v;
    __syncthreads();
    float r = red[0];
    for (int w = 1; w < THREADS / 32; ++w) r = is_max ? fmaxf(r, red[w]) : r + red[w];
    return r;
}

__global__ void zero_loss(float* loss) { loss[0] = 0.0f; }

__global__ void ce_rows(const float* __restrict__ logits, const int* __restrict__ labels,
                        float* __restrict__ loss, float* __restrict__ dlogits, int N, int C) {
    __shared__ float red[THREADS / 32];
    const int row = blockIdx.x;
    const float* x = logits + (size_t)row * C;
    float* g = dlogits + (size_t)row * C;
    const int label = labels[row];

    float m = -INFINITY;
    for (int j = threadIdx.x; j < C; j += THREADS) m = fmaxf(m, x[j]);
    m = block_reduce(m, red, true);
    float s = 0.0f;
    for (int j = threadIdx.x; j < C; j += THREADS) s += expf(x[j] - m);
    s = block_reduce(s, red, false);

    const float inv_s = 1.0f / s;
    const float inv_n = 1.0f / (float)N;
    for (int j = threadIdx.x; j < C; j += THREADS) {
        float p = expf(x[j] - m) * inv_s;
        g[j] = (j == label ? p - 1.0f : p) * inv_n;
    }
    if (threadIdx.x == 0) {
        float row_loss = m + logf(s) - x[label];
        atomicAdd(loss, row_loss * inv_n);
    }
}

extern "C" void solve(const float* logits, const int* labels, float* loss, float* dlogits, int N,
                      int C) {
    zero_loss<<<1, 1>>>(loss);
    ce_rows<<<N, THREADS>>>(logits, labels, loss, dlogits, N, C);
}
