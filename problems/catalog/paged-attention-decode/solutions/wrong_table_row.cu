#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <math.h>

// Bug: the block table is indexed without the sequence's row offset (b * max_blocks_per_seq),
// so every sequence reads the physical blocks of sequence 0. Everything else is the
// online-softmax kernel of the correct solution.
#define WARPS 4
#define MAX_D 256
#define PER_LANE (MAX_D / 32)

__global__ void paged_decode_online(const __half* __restrict__ q, const __half* __restrict__ k_cache,
                                    const __half* __restrict__ v_cache,
                                    const int* __restrict__ block_table,
                                    const int* __restrict__ context_lens, __half* __restrict__ out,
                                    int H, int D, int block_size, int max_blocks_per_seq,
                                    float scale) {
    __shared__ float s_m[WARPS];
    __shared__ float s_l[WARPS];
    __shared__ float s_acc[WARPS][MAX_D];

    const int b = blockIdx.x / H;
    const int h = blockIdx.x % H;
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int len = context_lens[b];
    const int* table = block_table;
    const __half* qv = q + ((size_t)b * H + h) * D;

    float qr[PER_LANE];
    for (int i = 0; i < PER_LANE; ++i) {
        int d = lane + 32 * i;
        qr[i] = d < D ? __half2float(qv[d]) : 0.0f;
    }
    float m = -INFINITY, l = 0.0f;
    float acc[PER_LANE];
    for (int i = 0; i < PER_LANE; ++i) acc[i] = 0.0f;

    for (int t = warp; t < len; t += WARPS) {
        const int blk = table[t / block_size];
        const size_t base = (((size_t)blk * block_size + (t % block_size)) * H + h) * D;
        float dot = 0.0f;
        for (int i = 0; i < PER_LANE; ++i) {
            int d = lane + 32 * i;
            if (d < D) dot = fmaf(qr[i], __half2float(k_cache[base + d]), dot);
        }
        for (int off = 16; off > 0; off >>= 1) dot += __shfl_xor_sync(0xffffffffu, dot, off);
        const float s = dot * scale;
        const float m_new = fmaxf(m, s);
        const float corr = expf(m - m_new);  // 0 on the first token (m = -inf)
        const float p = expf(s - m_new);
        l = l * corr + p;
        for (int i = 0; i < PER_LANE; ++i) {
            int d = lane + 32 * i;
            float v = d < D ? __half2float(v_cache[base + d]) : 0.0f;
            acc[i] = acc[i] * corr + p * v;
        }
        m = m_new;
    }

    if (lane == 0) {
        s_m[warp] = m;
        s_l[warp] = l;
    }
    for (int i = 0; i < PER_LANE; ++i) s_acc[warp][lane + 32 * i] = acc[i];
    __syncthreads();

    // len >= 1, so warp 0 saw a token and the overall max is finite.
    float m_all = s_m[0];
    for (int w = 1; w < WARPS; ++w) m_all = fmaxf(m_all, s_m[w]);
    float wgt[WARPS];
    float l_all = 0.0f;
    for (int w = 0; w < WARPS; ++w) {
        wgt[w] = s_l[w] > 0.0f ? expf(s_m[w] - m_all) : 0.0f;  // idle warps weigh nothing
        l_all += wgt[w] * s_l[w];
    }
    __half* o = out + ((size_t)b * H + h) * D;
    for (int d = threadIdx.x; d < D; d += blockDim.x) {
        float num = 0.0f;
        for (int w = 0; w < WARPS; ++w) num += wgt[w] * s_acc[w][d];
        o[d] = __float2half_rn(num / l_all);
    }
}

extern "C" void solve(const __half* q, const __half* k_cache, const __half* v_cache,
                      const int* block_table, const int* context_lens, __half* out, int B, int H,
                      int D, int num_blocks, int block_size, int max_blocks_per_seq) {
    const float scale = 1.0f / sqrtf((float)D);
    paged_decode_online<<<B * H, WARPS * 32>>>(q, k_cache, v_cache, block_table, context_lens,
                                               out, H, D, block_size, max_blocks_per_seq, scale);
}
