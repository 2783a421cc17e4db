#include <cuda_runtime.h>
#include <math.h>

// Three kernels, no M x N workspace (M, N <= 100000, d <= 128):
//  1. row_stats, one block per query i: the row maximum m_i and sum l_i of exp(s_ij - m_i),
//     and D_i = dO_i . O_i (= sum_j P_ij dP_ij) with O_i = sum_j P_ij V_j.
//  2. grad_q, one block per query i: dQ_i = scale * sum_j dS_ij K_j.
//  3. grad_kv, one block per key j: dV_j = sum_i P_ij dO_i, dK_j = scale * sum_i dS_ij Q_i.
// P_ij = exp(s_ij - m_i) / l_i and dS_ij = P_ij (dO_i . V_j - D_i) are recomputed where
// needed. In every kernel a warp takes one key (or query) at a time, its lanes own the
// columns c = lane + 32 t (t < 4) and combine dot products with shuffles; the per-warp column
// partials are summed through shared memory at the end.
#define THREADS 256
#define WARPS (THREADS / 32)
#define MAXD 128
#define PER_LANE (MAXD / 32)
#define MAX_ROWS 100000

__device__ float g_m[MAX_ROWS], g_l[MAX_ROWS], g_D[MAX_ROWS];

__device__ __forceinline__ float warp_sum(float v) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    return v;
}

__device__ __forceinline__ void load_row(const float* row, int d, int lane, float* r) {
#pragma unroll
    for (int t = 0; t < PER_LANE; ++t) {
        const int c = lane + 32 * t;
        r[t] = c < d ? row[c] : 0.0f;
    }
}

__device__ __forceinline__ float dot_row(const float* r, const float* row, int d, int lane) {
    float s = 0.0f;
#pragma unroll
    for (int t = 0; t < PER_LANE; ++t) {
        const int c = lane + 32 * t;
        if (c < d) s = fmaf(r[t], row[c], s);
    }
    return warp_sum(s);  // every lane gets the full dot product
}

__global__ void __launch_bounds__(THREADS)
row_stats(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
          const float* __restrict__ dO, int N, int d, float scale) {
    __shared__ float red[WARPS];
    __shared__ float part[WARPS][MAXD];
    const int i = blockIdx.x, lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    float q[PER_LANE], g[PER_LANE], o[PER_LANE];
    load_row(Q + (size_t)i * d, d, lane, q);
    load_row(dO + (size_t)i * d, d, lane, g);

    float m = -INFINITY;
    for (int j = warp; j < N; j += WARPS) m = fmaxf(m, dot_row(q, K + (size_t)j * d, d, lane) * scale);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    m = red[0];
    for (int w = 1; w < WARPS; ++w) m = fmaxf(m, red[w]);
    __syncthreads();

    float l = 0.0f;
#pragma unroll
    for (int t = 0; t < PER_LANE; ++t) o[t] = 0.0f;
    for (int j = warp; j < N; j += WARPS) {
        const float p = expf(dot_row(q, K + (size_t)j * d, d, lane) * scale - m);
        l += p;
        const float* v = V + (size_t)j * d;
#pragma unroll
        for (int t = 0; t < PER_LANE; ++t) {
            const int c = lane + 32 * t;
            if (c < d) o[t] = fmaf(p, v[c], o[t]);
        }
    }
    if (lane == 0) red[warp] = l;
#pragma unroll
    for (int t = 0; t < PER_LANE; ++t) part[warp][lane + 32 * t] = o[t];
    __syncthreads();
    if (warp == 0) {
        float lsum = 0.0f;
        for (int w = 0; w < WARPS; ++w) lsum += red[w];
        float dsum = 0.0f;
#pragma unroll
        for (int t = 0; t < PER_LANE; ++t) {
            float oc = 0.0f;
            for (int w = 0; w < WARPS; ++w) oc += part[w][lane + 32 * t];
            dsum = fmaf(g[t], oc, dsum);  // g[t] is 0 past d
        }
        dsum = warp_sum(dsum);
        if (lane == 0) {
            g_m[i] = m;
            g_l[i] = lsum;
            g_D[i] = dsum / lsum;
        }
    }
}

__global__ void __launch_bounds__(THREADS)
grad_q(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
       const float* __restrict__ dO, float* __restrict__ dQ, int N, int d, float scale) {
    __shared__ float part[WARPS][MAXD];
    const int i = blockIdx.x, lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    float q[PER_LANE], g[PER_LANE], acc[PER_LANE];
    load_row(Q + (size_t)i * d, d, lane, q);
    load_row(dO + (size_t)i * d, d, lane, g);
    const float m = g_m[i], inv_l = 1.0f / g_l[i], D = g_D[i];
#pragma unroll
    for (int t = 0; t < PER_LANE; ++t) acc[t] = 0.0f;
    for (int j = warp; j < N; j += WARPS) {
        const float* k = K + (size_t)j * d;
        const float p = expf(dot_row(q, k, d, lane) * scale - m) * inv_l;
        const float ds = p * (dot_row(g, V + (size_t)j * d, d, lane) - D);
#pragma unroll
        for (int t = 0; t < PER_LANE; ++t) {
            const int c = lane + 32 * t;
            if (c < d) acc[t] = fmaf(ds, k[c], acc[t]);
        }
    }
#pragma unroll
    for (int t = 0; t < PER_LANE; ++t) part[warp][lane + 32 * t] = acc[t];
    __syncthreads();
    for (int c = threadIdx.x; c < d; c += THREADS) {
        float s = 0.0f;
        for (int w = 0; w < WARPS; ++w) s += part[w][c];
        dQ[(size_t)i * d + c] = s * scale;
    }
}

__global__ void __launch_bounds__(THREADS)
grad_kv(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
        const float* __restrict__ dO, float* __restrict__ dK, float* __restrict__ dV, int M,
        int d, float scale) {
    __shared__ float part_k[WARPS][MAXD];
    __shared__ float part_v[WARPS][MAXD];
    const int j = blockIdx.x, lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    float k[PER_LANE], v[PER_LANE], ak[PER_LANE], av[PER_LANE];
    load_row(K + (size_t)j * d, d, lane, k);
    load_row(V + (size_t)j * d, d, lane, v);
#pragma unroll
    for (int t = 0; t < PER_LANE; ++t) ak[t] = av[t] = 0.0f;
    for (int i = warp; i < M; i += WARPS) {
        const float* q = Q + (size_t)i * d;
        const float* g = dO + (size_t)i * d;
        const float p = expf(dot_row(k, q, d, lane) * scale - g_m[i]) / g_l[i];
        const float ds = p * (dot_row(v, g, d, lane) - g_D[i]);
#pragma unroll
        for (int t = 0; t < PER_LANE; ++t) {
            const int c = lane + 32 * t;
            if (c < d) {
                av[t] = fmaf(p, g[c], av[t]);
                ak[t] = fmaf(ds, q[c], ak[t]);
            }
        }
    }
#pragma unroll
    for (int t = 0; t < PER_LANE; ++t) {
        part_k[warp][lane + 32 * t] = ak[t];
        part_v[warp][lane + 32 * t] = av[t];
    }
    __syncthreads();
    for (int c = threadIdx.x; c < d; c += THREADS) {
        float sk = 0.0f, sv = 0.0f;
        for (int w = 0; w < WARPS; ++w) {
            sk += part_k[w][c];
            sv += part_v[w][c];
        }
        dK[(size_t)j * d + c] = sk * scale;
        dV[(size_t)j * d + c] = sv;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, const float* dO, float* dQ,
                      float* dK, float* dV, int M, int N, int d) {
    if (M <= 0 || N <= 0 || d <= 0 || d > MAXD || M > MAX_ROWS) return;
    const float scale = 1.0f / sqrtf((float)d);
    row_stats<<<M, THREADS>>>(Q, K, V, dO, N, d, scale);
    grad_q<<<M, THREADS>>>(Q, K, V, dO, dQ, N, d, scale);
    grad_kv<<<N, THREADS>>>(Q, K, V, dO, dK, dV, M, d, scale);
}
