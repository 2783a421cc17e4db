#include <cuda_runtime.h>

// Reduce-then-scan (a different summation order from a scan-then-propagate kernel).
// 1. Every block reduces a chunk of 4096 elements to one total (16 per thread, then a tree).
// 2. One block turns the totals into exclusive block offsets (Hillis-Steele in shared memory).
// 3. Every block re-reads its chunk: thread totals are scanned in shared memory, then each
//    thread starts from (block offset + its exclusive prefix) and adds its 16 elements one by one.

constexpr int T = 256;
constexpr int E = 16;
constexpr int C = T * E;

static float* g_tot = nullptr;
static int g_cap = 0;

__device__ void load_chunk(const float* in, float* s, long long base, int n) {
    for (int k = 0; k < E; ++k) {
        int j = k * T + threadIdx.x;
        s[j + j / 32] = (base + j < n) ? in[base + j] : 0.0f;
    }
    __syncthreads();
}

__global__ void reduce_chunks(const float* __restrict__ in, float* tot, int n) {
    __shared__ float s[C + C / 32];
    __shared__ float r[T];
    load_chunk(in, s, (long long)blockIdx.x * C, n);
    float acc = 0.0f;
    for (int e = 0; e < E; ++e) {
        int j = threadIdx.x * E + e;
        acc += s[j + j / 32];
    }
    r[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = T / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) r[threadIdx.x] += r[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) tot[blockIdx.x] = r[0];
}

// One block of 1024 threads: exclusive scan of tot[0..nb) in place.
__global__ void exclusive_totals(float* tot, int nb) {
    __shared__ float a[1024], b[1024];
    float carry = 0.0f;
    for (int start = 0; start < nb; start += 1024) {
        int i = start + threadIdx.x;
        a[threadIdx.x] = (i < nb) ? tot[i] : 0.0f;
        __syncthreads();
        float *src = a, *dst = b;
        for (int d = 1; d < 1024; d <<= 1) {
            dst[threadIdx.x] = src[threadIdx.x] + (threadIdx.x >= d ? src[threadIdx.x - d] : 0.0f);
            __syncthreads();
            float* t = src; src = dst; dst = t;
        }
        float excl = (threadIdx.x > 0 ? src[threadIdx.x - 1] : 0.0f) + carry;
        if (i < nb) tot[i] = excl;
        carry = src[1023] + carry;
        __syncthreads();
    }
}

__global__ void scan_chunks(const float* __restrict__ in, float* __restrict__ out, const float* offs, int n) {
    __shared__ float s[C + C / 32];
    __shared__ float a[T], b[T];
    long long base = (long long)blockIdx.x * C;
    load_chunk(in, s, base, n);
    float acc = 0.0f;
    for (int e = 0; e < E; ++e) {
        int j = threadIdx.x * E + e;
        acc += s[j + j / 32];
    }
    a[threadIdx.x] = acc;
    __syncthreads();
    float *src = a, *dst = b;
    for (int d = 1; d < T; d <<= 1) {
        dst[threadIdx.x] = src[threadIdx.x] + (threadIdx.x >= d ? src[threadIdx.x - d] : 0.0f);
        __syncthreads();
        float* t = src; src = dst; dst = t;
    }
    float excl = threadIdx.x > 0 ? src[threadIdx.x - 1] : 0.0f;
    float run = offs[blockIdx.x] + excl;
    for (int e = 0; e < E; ++e) {
        int j = threadIdx.x * E + e;
        run += s[j + j / 32];
        s[j + j / 32] = run;
    }
    __syncthreads();
    for (int k = 0; k < E; ++k) {
        int j = k * T + threadIdx.x;
        if (base + j < n) out[base + j] = s[j + j / 32];
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    int nb = (N + C - 1) / C;
    if (nb > g_cap) {
        if (g_tot) cudaFree(g_tot);
        cudaMalloc(&g_tot, nb * sizeof(float));
        g_cap = nb;
    }
    reduce_chunks<<<nb, T>>>(input, g_tot, N);
    exclusive_totals<<<1, 1024>>>(g_tot, nb);
    scan_chunks<<<nb, T>>>(input, output, g_tot, N);
}
