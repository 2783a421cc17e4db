#include <cuda_runtime.h>
#include <math.h>

// One block of 256 threads (8 warps) per (query i, head h). Position-major layout: query
// row (i, h) starts at (i*H + h)*D, key/value row (j, h) at (j*H + h)*D.
//  1. Scores: warp w takes keys j = w, w + 8, ...; its lanes split the D-long dot product;
//     the scores go to shared memory (N floats).
//  2. Row maximum and the sum of exp(s - max) with block reductions.
//  3. Output: thread c accumulates sum_j p_j v_jc, divided by the sum.
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
cross_rows(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
           float* __restrict__ O, int N, int H, int D, float inv_sqrt_d) {
    extern __shared__ float s[];
    __shared__ float red[WARPS];
    const int i = blockIdx.x / H, h = blockIdx.x % H;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const size_t stride = (size_t)H * D;  // distance between consecutive positions
    const float* q = Q + ((size_t)i * H + h) * D;

    for (int j = warp; j < N; j += WARPS) {
        const float* k = K + (size_t)j * stride + (size_t)h * D;
        float dot = 0.0f;
        for (int c = lane; c < D; c += 32) dot = fmaf(q[c], k[c], dot);
        dot = warp_sum(dot);
        if (lane == 0) s[j] = dot * inv_sqrt_d;
    }
    __syncthreads();

    float m = -INFINITY;
    for (int j = threadIdx.x; j < N; j += THREADS) m = fmaxf(m, s[j]);
    m = warp_max(m);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    m = red[0];
    for (int w = 1; w < WARPS; ++w) m = fmaxf(m, red[w]);
    __syncthreads();

    float sum = 0.0f;
    for (int j = threadIdx.x; j < N; j += THREADS) {
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

    const float* v = V + (size_t)h * D;
    float* o = O + ((size_t)i * H + h) * D;
    for (int c = threadIdx.x; c < D; c += THREADS) {
        float acc = 0.0f;
        for (int j = 0; j < N; ++j) acc = fmaf(s[j], v[(size_t)j * stride + c], acc);
        o[c] = acc * inv_sum;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M,
                      int N, int H, int D) {
    if (M <= 0 || N <= 0 || H <= 0 || D <= 0) return;
    const size_t smem = (size_t)N * sizeof(float);
    if (smem > 48 * 1024)
        cudaFuncSetAttribute(cross_rows, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    cross_rows<<<M * H, THREADS, smem>>>(Q, K, V, output, N, H, D, 1.0f / sqrtf((float)D));
}
