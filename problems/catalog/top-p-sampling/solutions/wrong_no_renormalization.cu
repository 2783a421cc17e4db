#include <cuda_runtime.h>
#include <math.h>

// As the correct version, except that the nucleus is not renormalized: the draw compares
// the cumulative masses with u instead of u * Z.
// No sort. Token i's place in the order (logit descending, ties by smaller index) is
// described by A_i, the probability mass of all tokens ranked before it:
//   A_i = sum of q_j over j with l_j > l_i, or l_j == l_i and j < i.
// Token i is in the nucleus iff A_i < p; Z = sum of q_i over the nucleus; the sampled token
// is the nucleus token whose interval [A_i, A_i + q_i) contains u * Z, i.e. the one with the
// largest A_i <= u * Z. Probabilities and masses are kept in double (vocab_size <= 50000,
// so the pairwise pass is 2.5e9 compare-adds).
#define MAX_VOCAB 50000
#define THREADS 1024

__device__ double g_q[MAX_VOCAB];
__device__ double g_A[MAX_VOCAB];
__device__ float g_max;
__device__ double g_sum;

__device__ float block_max(float v, float* red) {
    for (int off = 16; off > 0; off >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, off));
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    __syncthreads();
    if (lane == 0) red[warp] = v;
    __syncthreads();
    float m = red[0];
    for (int w = 1; w < THREADS / 32; ++w) m = fmaxf(m, red[w]);
    return m;
}

__device__ double block_sum(double v, double* red) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    __syncthreads();
    if (lane == 0) red[warp] = v;
    __syncthreads();
    double s = 0.0;
    for (int w = 0; w < THREADS / 32; ++w) s += red[w];
    return s;
}

// One block: the maximum logit and the softmax denominator, then q_i in double.
__global__ void __launch_bounds__(THREADS) probabilities(const float* __restrict__ logits, int V) {
    __shared__ float redf[THREADS / 32];
    __shared__ double redd[THREADS / 32];
    float m = -INFINITY;
    for (int i = threadIdx.x; i < V; i += THREADS) m = fmaxf(m, logits[i]);
    m = block_max(m, redf);
    double s = 0.0;
    for (int i = threadIdx.x; i < V; i += THREADS) s += exp((double)logits[i] - (double)m);
    s = block_sum(s, redd);
    for (int i = threadIdx.x; i < V; i += THREADS) g_q[i] = exp((double)logits[i] - (double)m) / s;
}

// One thread per token: the mass ranked before it.
__global__ void mass_before(const float* __restrict__ logits, int V) {
    __shared__ float tile_l[256];
    __shared__ double tile_q[256];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float li = i < V ? logits[i] : 0.0f;
    double a = 0.0;
    for (int base = 0; base < V; base += 256) {
        const int j = base + threadIdx.x;
        __syncthreads();
        tile_l[threadIdx.x] = j < V ? logits[j] : -INFINITY;
        tile_q[threadIdx.x] = j < V ? g_q[j] : 0.0;
        __syncthreads();
        const int count = min(256, V - base);
        for (int t = 0; t < count; ++t) {
            const float lj = tile_l[t];
            if (lj > li || (lj == li && base + t < i)) a += tile_q[t];
        }
    }
    if (i < V) g_A[i] = a;
}

__device__ __forceinline__ float uniform_from_seed(int seed) {
    unsigned int x = (unsigned int)seed;
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return (float)(x >> 8) * (1.0f / 16777216.0f);
}

// One block: Z over the nucleus, then the token with the largest A_i <= u * Z.
__global__ void __launch_bounds__(THREADS)
choose(const float* __restrict__ p, const int* __restrict__ seed, int* __restrict__ out, int V) {
    __shared__ double redd[THREADS / 32];
    __shared__ double best_a[THREADS];
    __shared__ int best_i[THREADS];
    const double pp = (double)p[0];
    double z = 0.0;
    for (int i = threadIdx.x; i < V; i += THREADS)
        if (g_A[i] < pp) z += g_q[i];
    z = block_sum(z, redd);
    const double threshold = (double)uniform_from_seed(seed[0]);  // bug: u, not u * Z

    double ba = -1.0;
    int bi = -1;
    for (int i = threadIdx.x; i < V; i += THREADS) {
        const double a = g_A[i];
        if (a < pp && a <= threshold && (a > ba || (a == ba && i < bi))) {
            ba = a;
            bi = i;
        }
    }
    best_a[threadIdx.x] = ba;
    best_i[threadIdx.x] = bi;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) {
            const double oa = best_a[threadIdx.x + stride];
            const int oi = best_i[threadIdx.x + stride];
            if (oi >= 0 && (oa > best_a[threadIdx.x] ||
                            (oa == best_a[threadIdx.x] && oi < best_i[threadIdx.x]))) {
                best_a[threadIdx.x] = oa;
                best_i[threadIdx.x] = oi;
            }
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) out[0] = best_i[0];  // A = 0 for the top token, so one always qualifies
}

extern "C" void solve(const float* logits, const float* p, const int* seed, int* sampled_token,
                      int vocab_size) {
    if (vocab_size <= 0 || vocab_size > MAX_VOCAB) return;
    probabilities<<<1, THREADS>>>(logits, vocab_size);
    mass_before<<<(vocab_size + 255) / 256, 256>>>(logits, vocab_size);
    choose<<<1, THREADS>>>(p, seed, sampled_token, vocab_size);
}
