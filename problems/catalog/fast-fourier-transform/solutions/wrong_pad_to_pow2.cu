#include <cuda_runtime.h>

// Radix-2 Stockham FFT used for every N (see the BUG note above solve()).

__global__ void twiddle_table(float2* tw, int L) {  // tw[k] = exp(-2*pi*i*k/L), k < L/2
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < L / 2) {
        double s, c;
        sincospi(-2.0 * (double)k / (double)L, &s, &c);
        tw[k] = make_float2((float)c, (float)s);
    }
}

// One radix-2 Stockham stage: stride s (1, 2, 4, ...), sub-length n = L / s.
__global__ void stockham_stage(const float2* __restrict__ x, float2* __restrict__ y,
                               const float2* __restrict__ tw, int L, int log_s, int inverse) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int half = L >> 1;
    if (t >= half) return;
    int s = 1 << log_s;
    int q = t & (s - 1);
    int p = t >> log_s;
    float2 a = x[q + s * p];
    float2 b = x[q + s * (p + (half >> log_s))];
    float2 w = tw[p * s];
    if (inverse) w.y = -w.y;
    float2 d = make_float2(a.x - b.x, a.y - b.y);
    y[q + s * (2 * p)] = make_float2(a.x + b.x, a.y + b.y);
    y[q + s * (2 * p + 1)] = make_float2(d.x * w.x - d.y * w.y, d.x * w.y + d.y * w.x);
}

// out = FFT_L(in) (or the unscaled inverse). in, out and work must be three distinct buffers;
// in is not modified.
static void fft_pow2(const float2* in, float2* out, float2* work, const float2* tw, int L,
                     int inverse) {
    int stages = 0;
    while ((1 << stages) < L) ++stages;
    if (stages == 0) {
        cudaMemcpyAsync(out, in, sizeof(float2), cudaMemcpyDeviceToDevice);
        return;
    }
    const int threads = 256;
    const int blocks = (L / 2 + threads - 1) / threads;
    const float2* src = in;
    for (int st = 0; st < stages; ++st) {
        float2* dst = ((stages - 1 - st) % 2 == 0) ? out : work;  // last stage lands in out
        stockham_stage<<<blocks, threads>>>(src, dst, tw, L, st, inverse);
        src = dst;
    }
}

// BUG: handles every N with the power-of-two FFT by zero-padding to the next power of two.
// That computes samples of a different (finer-spaced) spectrum, so every N that is not a
// power of two comes out wrong.
__global__ void zero_pad(const float2* __restrict__ x, float2* __restrict__ a, int N, int L) {
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n < L) a[n] = n < N ? x[n] : make_float2(0.f, 0.f);
}

extern "C" void solve(const float* signal, float* spectrum, int N) {
    const float2* x = reinterpret_cast<const float2*>(signal);
    float2* X = reinterpret_cast<float2*>(spectrum);
    const int threads = 256;
    int L = 1;
    while (L < N) L <<= 1;
    float2* buf = nullptr;
    size_t tw_n = L / 2 > 0 ? L / 2 : 1;
    cudaMalloc(&buf, sizeof(float2) * (tw_n + 3 * (size_t)L));
    float2 *tw = buf, *A = buf + tw_n, *T1 = A + L, *T2 = T1 + L;
    twiddle_table<<<(int)((tw_n + threads - 1) / threads), threads>>>(tw, L);
    zero_pad<<<(L + threads - 1) / threads, threads>>>(x, A, N, L);
    fft_pow2(A, T1, T2, tw, L, 0);
    cudaMemcpy(X, T1, sizeof(float2) * N, cudaMemcpyDeviceToDevice);
    cudaFree(buf);
}
