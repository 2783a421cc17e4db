#include <cuda_runtime.h>

// Two direct DFT passes (rows, then columns), float32 accumulation. The twiddles
// exp(-2*pi*i*r/n), r < n, come from a table filled in double precision, and the table index
// (k*j) mod n is advanced incrementally, so no large angle is ever formed in float32.

__global__ void fill_twiddles(float2* tw, int n) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) return;
    double s, c;
    sincospi(-2.0 * (double)r / (double)n, &s, &c);
    tw[r] = make_float2((float)c, (float)s);
}

// out[m][k] = sum_j in[m][j] * tw[(k*j) mod N], one thread per (m, k)
__global__ void dft_rows(const float2* in, float2* out, const float2* tw, int M, int N) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    int m = blockIdx.y;
    if (k >= N) return;
    const float2* row = in + (size_t)m * N;
    float re = 0.0f, im = 0.0f;
    int r = 0;
    for (int j = 0; j < N; ++j) {
        float2 a = row[j], w = tw[r];
        re += a.x * w.x - a.y * w.y;
        im += a.x * w.y + a.y * w.x;
        r += k;
        if (r >= N) r -= N;
    }
    out[(size_t)m * N + k] = make_float2(re, im);
}

// out[k][l] = sum_m in[m][l] * tw[(k*m) mod M], one thread per (k, l)
__global__ void dft_cols(const float2* in, float2* out, const float2* tw, int M, int N) {
    int l = blockIdx.x * blockDim.x + threadIdx.x;
    int k = blockIdx.y;
    if (l >= N) return;
    float re = 0.0f, im = 0.0f;
    int r = 0;
    for (int m = 0; m < M; ++m) {
        float2 a = in[(size_t)m * N + l], w = tw[r];
        re += a.x * w.x - a.y * w.y;
        im += a.x * w.y + a.y * w.x;
        r += k;
        if (r >= M) r -= M;
    }
    out[(size_t)k * N + l] = make_float2(re, im);
}

static float2* grow(float2* buf, size_t* cap, size_t need) {
    if (need > *cap) {
        if (buf) cudaFree(buf);
        cudaMalloc(&buf, need * sizeof(float2));
        *cap = need;
    }
    return buf;
}

extern "C" void solve(const float* signal, float* spectrum, int M, int N) {
    static float2 *tmp = nullptr, *twM = nullptr, *twN = nullptr;
    static size_t cap_tmp = 0, cap_m = 0, cap_n = 0;
    tmp = grow(tmp, &cap_tmp, (size_t)M * N);
    twM = grow(twM, &cap_m, (size_t)M);
    twN = grow(twN, &cap_n, (size_t)N);
    const int T = 256;
    fill_twiddles<<<(M + T - 1) / T, T>>>(twM, M);
    fill_twiddles<<<(N + T - 1) / T, T>>>(twN, N);
    dim3 grid_r((N + T - 1) / T, M);
    dft_rows<<<grid_r, T>>>((const float2*)signal, tmp, twN, M, N);
    dim3 grid_c((N + T - 1) / T, M);
    dft_cols<<<grid_c, T>>>(tmp, (float2*)spectrum, twM, M, N);
}
