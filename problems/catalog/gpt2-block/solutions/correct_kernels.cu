#include <cuda_runtime.h>
#include <math.h>

#define D 768
#define H 12
#define HD 64
#define FF 3072
#define TILE 16

// Offsets (in floats) of the parts of the packed weight buffer.
#define OFF_LN1_G 0
#define OFF_LN1_B 768
#define OFF_W_QKV 1536
#define OFF_B_QKV 1771008
#define OFF_W_ATTN 1773312
#define OFF_B_ATTN 2363136
#define OFF_LN2_G 2363904
#define OFF_LN2_B 2364672
#define OFF_W_FC 2365440
#define OFF_B_FC 4724736
#define OFF_W_PROJ 4727808
#define OFF_B_PROJ 7087104

// Block-wide sum of one value per thread (blockDim.x == 256).
__device__ float block_sum(float v, float* sh) {
    sh[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) sh[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
    }
    float r = sh[0];
    __syncthreads();
    return r;
}

// One block (256 threads) per row of 768: mean, then biased variance of (z - mean).
__global__ void layer_norm(const float* z, const float* g, const float* b, float* out, int rows) {
    __shared__ float sh[256];
    int r = blockIdx.x;
    const float* zr = z + (size_t)r * D;
    float s = 0.0f;
    for (int j = threadIdx.x; j < D; j += blockDim.x) s += zr[j];
    float mean = block_sum(s, sh) / D;
    float v = 0.0f;
    for (int j = threadIdx.x; j < D; j += blockDim.x) {
        float c = zr[j] - mean;
        v += c * c;
    }
    float inv = 1.0f / sqrtf(block_sum(v, sh) / D + 1e-5f);
    for (int j = threadIdx.x; j < D; j += blockDim.x)
        out[(size_t)r * D + j] = (zr[j] - mean) * inv * g[j] + b[j];
}

__device__ __forceinline__ float gelu_tanh(float z) {
    const float k = 0.7978845608028654f;  // sqrt(2 / pi)
    return 0.5f * z * (1.0f + tanhf(k * (z + 0.044715f * z * z * z)));
}

// C[M, N] = act(A[M, K] B[K, N] + bias[N]) (+ R[M, N] when R is given); 16x16 tiles.
__global__ void matmul_bias(const float* A, const float* B, const float* bias, const float* R,
                            float* C, int M, int K, int N, int gelu) {
    __shared__ float as[TILE][TILE + 1];
    __shared__ float bs[TILE][TILE + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int n = blockIdx.x * TILE + tx, m = blockIdx.y * TILE + ty;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        as[ty][tx] = (m < M && k0 + tx < K) ? A[(size_t)m * K + k0 + tx] : 0.0f;
        bs[ty][tx] = (k0 + ty < K && n < N) ? B[(size_t)(k0 + ty) * N + n] : 0.0f;
        __syncthreads();
        for (int c = 0; c < TILE; ++c) acc += as[ty][c] * bs[c][tx];
        __syncthreads();
    }
    if (m < M && n < N) {
        float v = acc + bias[n];
        if (gelu) v = gelu_tanh(v);
        if (R) v += R[(size_t)m * N + n];
        C[(size_t)m * N + n] = v;
    }
}

// scores[h][i][j] = Q_h[i] . K_h[j] / 8, from qkv [S, 2304]; grid (S/16, S/16, H).
__global__ void attn_scores(const float* qkv, float* scores, int S) {
    __shared__ float qs[TILE][HD + 1];
    __shared__ float ks[TILE][HD + 1];
    int tx = threadIdx.x, ty = threadIdx.y, h = blockIdx.z;
    int i0 = blockIdx.y * TILE, j0 = blockIdx.x * TILE;
    for (int e = ty * TILE + tx; e < TILE * HD; e += TILE * TILE) {
        int r = e / HD, c = e % HD;
        qs[r][c] = (i0 + r < S) ? qkv[(size_t)(i0 + r) * 3 * D + h * HD + c] : 0.0f;
        ks[r][c] = (j0 + r < S) ? qkv[(size_t)(j0 + r) * 3 * D + D + h * HD + c] : 0.0f;
    }
    __syncthreads();
    int i = i0 + ty, j = j0 + tx;
    if (i < S && j < S) {
        float acc = 0.0f;
        for (int c = 0; c < HD; ++c) acc += qs[ty][c] * ks[tx][c];
        scores[((size_t)h * S + i) * S + j] = acc * 0.125f;
    }
}

// In-place softmax of every row of length S (one block of 256 threads per row).
__global__ void softmax_rows(float* scores, int S) {
    __shared__ float sh[256];
    float* row = scores + (size_t)blockIdx.x * S;
    float mx = -INFINITY;
    for (int j = threadIdx.x; j < S; j += blockDim.x) mx = fmaxf(mx, row[j]);
    sh[threadIdx.x] = mx;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) sh[threadIdx.x] = fmaxf(sh[threadIdx.x], sh[threadIdx.x + s]);
        __syncthreads();
    }
    mx = sh[0];
    __syncthreads();
    float sum = 0.0f;
    for (int j = threadIdx.x; j < S; j += blockDim.x) {
        float e = expf(row[j] - mx);
        row[j] = e;
        sum += e;
    }
    float inv = 1.0f / block_sum(sum, sh);
    for (int j = threadIdx.x; j < S; j += blockDim.x) row[j] *= inv;
}

// o[i][h*64 + d] = sum_j P[h][i][j] V_h[j][d]; grid (64/16, S/16, H).
__global__ void attn_values(const float* P, const float* qkv, float* o, int S) {
    __shared__ float ps[TILE][TILE + 1];
    __shared__ float vs[TILE][TILE + 1];
    int tx = threadIdx.x, ty = threadIdx.y, h = blockIdx.z;
    int d = blockIdx.x * TILE + tx, i = blockIdx.y * TILE + ty;
    float acc = 0.0f;
    for (int j0 = 0; j0 < S; j0 += TILE) {
        ps[ty][tx] = (i < S && j0 + tx < S) ? P[((size_t)h * S + i) * S + j0 + tx] : 0.0f;
        vs[ty][tx] = (j0 + ty < S) ? qkv[(size_t)(j0 + ty) * 3 * D + 2 * D + h * HD + d] : 0.0f;
        __syncthreads();
        for (int c = 0; c < TILE; ++c) acc += ps[ty][c] * vs[c][tx];
        __syncthreads();
    }
    if (i < S) o[(size_t)i * D + h * HD + d] = acc;
}

static float* grow(float* buf, size_t* cap, size_t need) {
    if (need > *cap) {
        if (buf) cudaFree(buf);
        cudaMalloc(&buf, need * sizeof(float));
        *cap = need;
    }
    return buf;
}

extern "C" void solve(const float* x, float* output, const float* weights, int seq_len) {
    static float *a = nullptr, *qkv = nullptr, *sc = nullptr, *o = nullptr, *h1 = nullptr,
                 *f = nullptr;
    static size_t ca = 0, cq = 0, cs = 0, co = 0, ch = 0, cf = 0;
    const int S = seq_len;
    a = grow(a, &ca, (size_t)S * D);
    qkv = grow(qkv, &cq, (size_t)S * 3 * D);
    sc = grow(sc, &cs, (size_t)H * S * S);
    o = grow(o, &co, (size_t)S * D);
    h1 = grow(h1, &ch, (size_t)S * D);
    f = grow(f, &cf, (size_t)S * FF);
    const float* w = weights;
    dim3 blk(TILE, TILE);
    int mt = (S + TILE - 1) / TILE;

    layer_norm<<<S, 256>>>(x, w + OFF_LN1_G, w + OFF_LN1_B, a, S);
    matmul_bias<<<dim3(3 * D / TILE, mt), blk>>>(a, w + OFF_W_QKV, w + OFF_B_QKV, nullptr, qkv, S,
                                                 D, 3 * D, 0);
    attn_scores<<<dim3(mt, mt, H), blk>>>(qkv, sc, S);
    softmax_rows<<<H * S, 256>>>(sc, S);
    attn_values<<<dim3(HD / TILE, mt, H), blk>>>(sc, qkv, o, S);
    matmul_bias<<<dim3(D / TILE, mt), blk>>>(o, w + OFF_W_ATTN, w + OFF_B_ATTN, x, h1, S, D, D, 0);
    layer_norm<<<S, 256>>>(h1, w + OFF_LN2_G, w + OFF_LN2_B, a, S);
    matmul_bias<<<dim3(FF / TILE, mt), blk>>>(a, w + OFF_W_FC, w + OFF_B_FC, nullptr, f, S, D, FF,
                                              1);
    matmul_bias<<<dim3(D / TILE, mt), blk>>>(f, w + OFF_W_PROJ, w + OFF_B_PROJ, h1, output, S, FF,
                                             D, 0);
}
