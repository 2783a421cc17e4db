#include <cuda_runtime.h>
#include <math.h>

// One block of 256 threads (8 warps) per (query head h, query row i); query head h reads
// key/value head h / (Hq / Hkv).
//  1. Scores: warp w takes keys j = w, w + 8, ...; its lanes split the head_dim-long dot
//     product and combine it with shuffles; the scores go to shared memory (seq_len floats).
//  2. Row maximum and the sum of exp(s - max) with block reductions.
//  3. Output: thread c accumulates sum_j p_j v_jc (coalesced over c), divided by the sum.
#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    return v;
}
__device__ __forceinline__ float warp_max(float v) {
    for (int off = 16; off > 0; off >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, off));
    return v;
}

__global__ void __launch_bounds__(THREADS)
gqa_rows(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
         float* __restrict__ O, int group, int S, int hd, float inv_sqrt_d) {
    extern __shared__ float s[];
    __shared__ float red[WARPS];
    const int h = blockIdx.x / S, i = blockIdx.x % S;
    const int kvh = h / group;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const float* q = Q + ((size_t)h * S + i) * hd;
    const float* Kh = K + (size_t)kvh * S * hd;
    const float* Vh = V + (size_t)kvh * S * hd;

    for (int j = warp; j < S; j += WARPS) {
        const float* k = Kh + (size_t)j * hd;
        float dot = 0.0f;
        for (int t = lane; t < hd; t += 32) dot = fmaf(q[t], k[t], dot);
        dot = warp_sum(dot);
        if (lane == 0) s[j] = dot * inv_sqrt_d;
    }
    __syncthreads();

    float m = -INFINITY;
    for (int j = threadIdx.x; j < S; j += THREADS) m = fmaxf(m, s[j]);
    m = warp_max(m);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    m = red[0];
    for (int w = 1; w < WARPS; ++w) m = fmaxf(m, red[w]);
    __syncthreads();

    float sum = 0.0f;
    for (int j = threadIdx.x; j < S; j += THREADS) {
        const float p = expf(s[j] - m);
        s[j] = p;
        sum += p;
    }
    sum = warp_sum(sum);
    if (lane == 0) red[warp] = sum;
    __syncthreads();
    sum = 0.0f;
    for (int w = 0; w < WARPS; ++w) sum += red[w];
    const float inv_sum = 1.0f / sum;

    float* o = O + ((size_t)h * S + i) * hd;
    for (int c = threadIdx.x; c < hd; c += THREADS) {
        float acc = 0.0f;
        for (int j = 0; j < S; ++j) acc = fmaf(s[j], Vh[(size_t)j * hd + c], acc);
        o[c] = acc * inv_sum;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output,
                      int num_q_heads, int num_kv_heads, int seq_len, int head_dim) {
    if (num_q_heads <= 0 || num_kv_heads <= 0 || seq_len <= 0 || head_dim <= 0) return;
    const int group = num_q_heads / num_kv_heads;
    const size_t smem = (size_t)seq_len * sizeof(float);
    if (smem > 48 * 1024)
        cudaFuncSetAttribute(gqa_rows, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    gqa_rows<<<num_q_heads * seq_len, THREADS, smem>>>(Q, K, V, output, group, seq_len, head_dim,
                                                       1.0f / sqrtf((float)head_dim));
}
