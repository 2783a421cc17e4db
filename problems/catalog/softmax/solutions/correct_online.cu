#include <cuda_runtime.h>
#include <cfloat>

// Online softmax: every thread keeps a running (max, sum) pair, rescaling its sum whenever
// the max grows; pairs are merged with a shared-memory tree, block results are merged by a
// single block, and a last kernel normalises. Reads the input twice instead of three times.

constexpr int THREADS = 256;
constexpr int MAX_BLOCKS = 512;

__device__ float g_m[MAX_BLOCKS];
__device__ float g_s[MAX_BLOCKS];
__device__ float g_final[2];

__device__ __forceinline__ void merge(float& m, float& s, float m2, float s2) {
    float nm = fmaxf(m, m2);
    if (nm == -INFINITY) return;  // both empty
    s = s * expf(m - nm) + s2 * expf(m2 - nm);
    m = nm;
}

__device__ void block_merge(float& m, float& s) {
    __shared__ float sm[THREADS], ss[THREADS];
    sm[threadIdx.x] = m;
    ss[threadIdx.x] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) {
            float a = sm[threadIdx.x], b = ss[threadIdx.x];
            merge(a, b, sm[threadIdx.x + stride], ss[threadIdx.x + stride]);
            sm[threadIdx.x] = a;
            ss[threadIdx.x] = b;
        }
        __syncthreads();
    }
    m = sm[0];
    s = ss[0];
}

__global__ void stats(const float* __restrict__ x, int n) {
    float m = -INFINITY, s = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) {
        float v = x[i];
        if (v > m) {
            s = s * expf(m - v) + 1.0f;
            m = v;
        } else {
            s += expf(v - m);
        }
    }
    block_merge(m, s);
    if (threadIdx.x == 0) {
        g_m[blockIdx.x] = m;
        g_s[blockIdx.x] = s;
    }
}

__global__ void combine(int nblocks) {
    float m = -INFINITY, s = 0.0f;
    for (int i = threadIdx.x; i < nblocks; i += THREADS) merge(m, s, g_m[i], g_s[i]);
    block_merge(m, s);
    if (threadIdx.x == 0) {
        g_final[0] = m;
        g_final[1] = 1.0f / s;
    }
}

__global__ void normalize(const float* __restrict__ x, float* __restrict__ y, int n) {
    float m = g_final[0], inv = g_final[1];
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) y[i] = expf(x[i] - m) * inv;
}

extern "C" void solve(const float* input, float* output, int N) {
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    stats<<<blocks, THREADS>>>(input, N);
    combine<<<1, THREADS>>>(blocks);
    normalize<<<blocks, THREADS>>>(input, output, N);
}
