#include <cuda_runtime.h>
#include <cmath>

// One block per query row. The query row is staged in shared memory; every warp computes
// scores for a strided set of keys (lanes split the dot product, shuffles finish it); the row
// of N scores lives in shared memory, is turned into exp(s - max) with block reductions, and
// finally every thread produces output columns as a weighted sum over the keys.

constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;

__device__ float block_reduce(float v, bool is_max, float* scratch) {
    for (int off = 16; off > 0; off >>= 1) {
        float o = __shfl_xor_sync(0xffffffffu, v, off);
        v = is_max ? fmaxf(v, o) : v + o;
    }
    if ((threadIdx.x & 31) == 0) scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    float r = scratch[0];
    for (int w = 1; w < WARPS; ++w) r = is_max ? fmaxf(r, scratch[w]) : r + scratch[w];
    __syncthreads();
    return r;
}

__global__ void attention_row(const float* __restrict__ Q, const float* __restrict__ K,
                              const float* __restrict__ V, float* __restrict__ out, int N, int d,
                              float scale) {
    extern __shared__ float smem[];
    float* q = smem;          // d floats
    float* s = smem + d;      // N floats
    __shared__ float scratch[WARPS];
    int row = blockIdx.x;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    for (int c = threadIdx.x; c < d; c += THREADS) q[c] = Q[(long long)row * d + c];
    __syncthreads();
    for (int j = warp; j < N; j += WARPS) {
        const float* kj = K + (long long)j * d;
        float dot = 0.0f;
        for (int c = lane; c < d; c += 32) dot = fmaf(q[c], kj[c], dot);
        for (int off = 16; off > 0; off >>= 1) dot += __shfl_xor_sync(0xffffffffu, dot, off);
        if (lane == 0) s[j] = dot * scale;
    }
    __syncthreads();
    float m = -INFINITY;
    for (int j = threadIdx.x; j < N; j += THREADS) m = fmaxf(m, s[j]);
    m = block_reduce(m, true, scratch);
    float sum = 0.0f;
    for (int j = threadIdx.x; j < N; j += THREADS) {
        float e = expf(s[j] - m);
        s[j] = e;
        sum += e;
    }
    sum = block_reduce(sum, false, scratch);  // its internal __syncthreads also publishes s[]
    float inv = 1.0f / sum;
    for (int c = threadIdx.x; c < d; c += THREADS) {
        float acc = 0.0f;
        for (int j = 0; j < N; ++j) acc = fmaf(s[j], V[(long long)j * d + c], acc);
        out[(long long)row * d + c] = acc * inv;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int d) {
    size_t shmem = sizeof(float) * (size_t)(d + N);
    if (shmem > 48 * 1024) cudaFuncSetAttribute(attention_row, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shmem);
    attention_row<<<M, THREADS, shmem>>>(Q, K, V, output, N, d, 1.0f / sqrtf((float)d));
}
