#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <math.h>

// Another order: one block of 256 threads per (sequence, head). Pass 1: each warp computes
// whole scores of tokens w, w+8, ... into dynamic shared memory (one float per token of the
// longest context). Pass 2: block max and block sum of exp(s - max), the probabilities
// written back in place. Pass 3: thread d sums p_t * V[t, d] over all tokens in token order.
#define THREADS 256

__device__ float block_reduce(float v, float* red, bool is_max) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int off = 16; off > 0; off >>= 1) {
        float o = __shfl_xor_sync(0xffffffffu, v, off);
        v = is_max ? fmaxf(v, o) : v + o;
    }
    __syncthreads();  // red may still be read from a previous call
    if (lane == 0) red[warp] = v;
    __syncthreads();
    float r = red[0];
    for (int w = 1; w < THREADS / 32; ++w) r = is_max ? fmaxf(r, red[w]) : r + red[w];
    return r;
}

__global__ void paged_decode_two_pass(const __half* __restrict__ q,
                                      const __half* __restrict__ k_cache,
                                      const __half* __restrict__ v_cache,
                                      const int* __restrict__ block_table,
                                      const int* __restrict__ context_lens,
                                      __half* __restrict__ out, int H, int D, int block_size,
                                      int max_blocks_per_seq, float scale) {
    extern __shared__ float scores[];
    __shared__ float red[THREADS / 32];
    const int b = blockIdx.x / H;
    const int h = blockIdx.x % H;
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int len = context_lens[b];
    const int* table = block_table + (size_t)b * max_blocks_per_seq;
    const __half* qv = q + ((size_t)b * H + h) * D;

    for (int t = warp; t < len; t += THREADS / 32) {
        const size_t base =
            (((size_t)table[t / block_size] * block_size + (t % block_size)) * H + h) * D;
        float dot = 0.0f;
        for (int d = lane; d < D; d += 32)
            dot += __half2float(qv[d]) * __half2float(k_cache[base + d]);
        for (int off = 16; off > 0; off >>= 1) dot += __shfl_xor_sync(0xffffffffu, dot, off);
        if (lane == 0) scores[t] = dot * scale;
    }
    __syncthreads();

    float mx = -INFINITY;
    for (int t = threadIdx.x; t < len; t += THREADS) mx = fmaxf(mx, scores[t]);
    mx = block_reduce(mx, red, true);
    float sum = 0.0f;
    for (int t = threadIdx.x; t < len; t += THREADS) {
        float p = expf(scores[t] - mx);
        scores[t] = p;
        sum += p;
    }
    sum = block_reduce(sum, red, false);  // its barriers also publish the p values
    const float inv = 1.0f / sum;

    __half* o = out + ((size_t)b * H + h) * D;
    for (int d = threadIdx.x; d < D; d += THREADS) {
        float acc = 0.0f;
        for (int t = 0; t < len; ++t) {
            const size_t base =
                (((size_t)table[t / block_size] * block_size + (t % block_size)) * H + h) * D;
            acc = fmaf(scores[t], __half2float(v_cache[base + d]), acc);
        }
        o[d] = __float2half_rn(acc * inv);
    }
}

extern "C" void solve(const __half* q, const __half* k_cache, const __half* v_cache,
                      const int* block_table, const int* context_lens, __half* out, int B, int H,
                      int D, int num_blocks, int block_size, int max_blocks_per_seq) {
    const float scale = 1.0f / sqrtf((float)D);
    const size_t smem = (size_t)max_blocks_per_seq * block_size * sizeof(float);
    if (smem > 48 * 1024)
        cudaFuncSetAttribute(paged_decode_two_pass, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)smem);
    paged_decode_two_pass<<<B * H, THREADS, smem>>>(q, k_cache, v_cache, block_table,
                                                    context_lens, out, H, D, block_size,
                                                    max_blocks_per_seq, scale);
}
