#include <cuda_runtime.h>

// A plain, unfused implementation of the block:
//   rms_norm      one block per row (512 threads, one per column), shared-memory tree sum
//   linear        C[M, N] = A[M, K] * W[N, K]^T (+ R), 16 x 16 shared-memory tiles
//   rope          one thread per (row, head, pair j < 32), in place on q and k
//   attention     one thread per (query row, head): causal online softmax over the keys
//   silu_mul      g = silu(g) * u, elementwise
// Scratch buffers are allocated on every call with the stream-ordered allocator.

constexpr int D = 512;
constexpr int NH = 8;
constexpr int NKV = 2;
constexpr int HD = 64;
constexpr int KVD = NKV * HD;  // 128
constexpr int FF = 1408;

constexpr size_t OFF_N1 = 0;
constexpr size_t OFF_WQ = OFF_N1 + D;
constexpr size_t OFF_WK = OFF_WQ + (size_t)D * D;
constexpr size_t OFF_WV = OFF_WK + (size_t)KVD * D;
constexpr size_t OFF_WO = OFF_WV + (size_t)KVD * D;
constexpr size_t OFF_N2 = OFF_WO + (size_t)D * D;
constexpr size_t OFF_WG = OFF_N2 + D;
constexpr size_t OFF_WU = OFF_WG + (size_t)FF * D;
constexpr size_t OFF_WD = OFF_WU + (size_t)FF * D;

__global__ void rms_norm(const float* __restrict__ z, const float* __restrict__ w,
                         float* __restrict__ out) {
    __shared__ float s[D];
    int row = blockIdx.x, c = threadIdx.x;  // blockDim.x == D
    float v = z[(size_t)row * D + c];
    s[c] = v * v;
    __syncthreads();
    for (int stride = D / 2; stride > 0; stride >>= 1) {
        if (c < stride) s[c] += s[c + stride];
        __syncthreads();
    }
    float inv = rsqrtf(s[0] / (float)D + 1e-5f);
    out[(size_t)row * D + c] = v * inv * w[c];
}

constexpr int T = 16;

__global__ void linear(const float* __restrict__ A, const float* __restrict__ W,
                       const float* __restrict__ R, float* __restrict__ C, int M, int N, int K) {
    __shared__ float As[T][T + 1];
    __shared__ float Ws[T][T + 1];
    int row = blockIdx.y * T + threadIdx.y;  // index into M
    int col = blockIdx.x * T + threadIdx.x;  // index into N
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T) {
        int ka = k0 + threadIdx.x;
        As[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[(size_t)row * K + ka] : 0.0f;
        int wrow = blockIdx.x * T + threadIdx.y;
        Ws[threadIdx.y][threadIdx.x] = (wrow < N && ka < K) ? W[(size_t)wrow * K + ka] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int t = 0; t < T; ++t) acc += As[threadIdx.y][t] * Ws[threadIdx.x][t];
        __syncthreads();
    }
    if (row < M && col < N) {
        if (R) acc += R[(size_t)row * N + col];
        C[(size_t)row * N + col] = acc;
    }
}

// u: [S, heads * 64]; pairs (j, j + 32) of every head rotated by the angle of row p
__global__ void rope(float* u, const float* __restrict__ cs, const float* __restrict__ sn,
                     int S, int heads) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int total = S * heads * 32;
    if (idx >= total) return;
    int j = idx % 32;
    int h = (idx / 32) % heads;
    int p = idx / (32 * heads);
    float* base = u + (size_t)p * heads * HD + h * HD;
    float lo = base[j], hi = base[j + 32];
    float c = cs[p * 32 + j], s = sn[p * 32 + j];
    base[j] = lo * c - hi * s;
    base[j + 32] = lo * s + hi * c;
}

// one thread per (query row i, head h); q: [S, 512], k, v: [S, 128], out: [S, 512]
__global__ void attention(const float* __restrict__ q, const float* __restrict__ k,
                          const float* __restrict__ v, float* __restrict__ out, int S) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= S * NH) return;
    int h = idx % NH;
    int i = idx / NH;
    int kvh = h / (NH / NKV);
    float qv[HD], acc[HD];
#pragma unroll
    for (int d = 0; d < HD; ++d) {
        qv[d] = q[(size_t)i * D + h * HD + d] * 0.125f;
        acc[d] = 0.0f;
    }
    float m = -INFINITY, l = 0.0f;
    for (int j = 0; j <= i; ++j) {
        const float* kj = k + (size_t)j * KVD + kvh * HD;
        float s = 0.0f;
#pragma unroll
        for (int d = 0; d < HD; ++d) s += qv[d] * kj[d];
        float m_new = fmaxf(m, s);
        float corr = expf(m - m_new);  // 0 on the first key (m = -inf)
        float p = expf(s - m_new);
        l = l * corr + p;
        const float* vj = v + (size_t)j * KVD + kvh * HD;
#pragma unroll
        for (int d = 0; d < HD; ++d) acc[d] = acc[d] * corr + p * vj[d];
        m = m_new;
    }
    float inv = 1.0f / l;
#pragma unroll
    for (int d = 0; d < HD; ++d) out[(size_t)i * D + h * HD + d] = acc[d] * inv;
}

__global__ void silu_mul(float* g, const float* __restrict__ u, size_t n) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = g[i];
    g[i] = a / (1.0f + expf(-a)) * u[i];
}

static void run_linear(const float* A, const float* W, const float* R, float* C, int M, int N,
                       int K) {
    dim3 block(T, T);
    dim3 grid((N + T - 1) / T, (M + T - 1) / T);
    linear<<<grid, block>>>(A, W, R, C, M, N, K);
}

extern "C" void solve(const float* x, float* output, const float* weights, const float* cos, const float* sin, int seq_len) {
    const int S = seq_len;
    const size_t sd = (size_t)S * D, skv = (size_t)S * KVD, sf = (size_t)S * FF;
    float *a, *q, *kk, *vv, *att, *h1, *g, *u;
    cudaMallocAsync(&a, sd * sizeof(float), 0);
    cudaMallocAsync(&q, sd * sizeof(float), 0);
    cudaMallocAsync(&kk, skv * sizeof(float), 0);
    cudaMallocAsync(&vv, skv * sizeof(float), 0);
    cudaMallocAsync(&att, sd * sizeof(float), 0);
    cudaMallocAsync(&h1, sd * sizeof(float), 0);
    cudaMallocAsync(&g, sf * sizeof(float), 0);
    cudaMallocAsync(&u, sf * sizeof(float), 0);
    const float* w = weights;

    rms_norm<<<S, D>>>(x, w + OFF_N1, a);
    run_linear(a, w + OFF_WQ, nullptr, q, S, D, D);
    run_linear(a, w + OFF_WK, nullptr, kk, S, KVD, D);
    run_linear(a, w + OFF_WV, nullptr, vv, S, KVD, D);
    rope<<<(S * NH * 32 + 255) / 256, 256>>>(q, cos, sin, S, NH);
    rope<<<(S * NKV * 32 + 255) / 256, 256>>>(kk, cos, sin, S, NKV);
    attention<<<(S * NH + 127) / 128, 128>>>(q, kk, vv, att, S);
    run_linear(att, w + OFF_WO, x, h1, S, D, D);          // h1 = x + att W_O^T
    rms_norm<<<S, D>>>(h1, w + OFF_N2, a);                 // a now holds b
    run_linear(a, w + OFF_WG, nullptr, g, S, FF, D);
    run_linear(a, w + OFF_WU, nullptr, u, S, FF, D);
    silu_mul<<<(unsigned)((sf + 255) / 256), 256>>>(g, u, sf);
    run_linear(g, w + OFF_WD, h1, output, S, D, FF);       // output = h1 + ffn

    cudaFreeAsync(a, 0);
    cudaFreeAsync(q, 0);
    cudaFreeAsync(kk, 0);
    cudaFreeAsync(vv, 0);
    cudaFreeAsync(att, 0);
    cudaFreeAsync(h1, 0);
    cudaFreeAsync(g, 0);
    cudaFreeAsync(u, 0);
}
