#include <cuda_runtime.h>
#include <cfloat>

// Three kernels: (1) per-block maxima, (2) per-block sums of exp(x - max) where every block
// first folds the per-block maxima into the global max, (3) normalisation.
// Block-wide max/sum use warp shuffles and a shared array of warp results.

constexpr int THREADS = 512;
constexpr int MAX_BLOCKS = 256;

__device__ float g_max[MAX_BLOCKS];
__device__ float g_sum[MAX_BLOCKS];

template <bool IS_MAX>
__device__ __forceinline__ float combine(float a, float b) { return IS_MAX ? fmaxf(a, b) : a + b; }

template <bool IS_MAX>
__device__ float block_reduce(float v) {
    __shared__ float warp_res[THREADS / 32];
    __shared__ float result;
    for (int off = 16; off > 0; off >>= 1) v = combine<IS_MAX>(v, __shfl_xor_sync(0xffffffffu, v, off));
    if ((threadIdx.x & 31) == 0) warp_res[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = (threadIdx.x < THREADS / 32) ? warp_res[threadIdx.x] : (IS_MAX ? -FLT_MAX : 0.0f);
        for (int off = 16; off > 0; off >>= 1) v = combine<IS_MAX>(v, __shfl_xor_sync(0xffffffffu, v, off));
        if (threadIdx.x == 0) result = v;
    }
    __syncthreads();
    return result;
}

__global__ void block_max(const float* __restrict__ x, int n) {
    float m = -FLT_MAX;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) m = fmaxf(m, x[i]);
    m = block_reduce<true>(m);
    if (threadIdx.x == 0) g_max[blockIdx.x] = m;
}

__device__ float global_max(int nblocks) {
    float m = -FLT_MAX;
    for (int i = threadIdx.x; i < nblocks; i += THREADS) m = fmaxf(m, g_max[i]);
    return block_reduce<true>(m);
}

__global__ void block_expsum(const float* __restrict__ x, int n) {
    float m = global_max(gridDim.x);
    float s = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) s += __expf(x[i] - m);
    s = block_reduce<false>(s);
    if (threadIdx.x == 0) g_sum[blockIdx.x] = s;
}

__global__ void normalize(const float* __restrict__ x, float* __restrict__ y, int n) {
    float m = global_max(gridDim.x);
    float s = 0.0f;
    for (int i = threadIdx.x; i < gridDim.x; i += THREADS) s += g_sum[i];
    s = block_reduce<false>(s);
    float inv = 1.0f / s;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) y[i] = __expf(x[i] - m) * inv;
}

extern "C" void solve(const float* input, float* output, int N) {
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    block_max<<<blocks, THREADS>>>(input, N);
    block_expsum<<<blocks, THREADS>>>(input, N);
    normalize<<<blocks, THREADS>>>(input, output, N);
}
