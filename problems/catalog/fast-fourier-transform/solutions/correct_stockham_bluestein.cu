#include <cuda_runtime.h>

// Forward DFT of N interleaved complex floats (float2 = {re, im}).
//  * N a power of two: radix-2 Stockham FFT, one kernel per stage, ping-ponging between the
//    output and a scratch buffer (no bit reversal needed). Twiddles come from a table built in
//    double precision and rounded once.
//  * any other N: Bluestein's chirp-z algorithm. With w_n = exp(-i*pi*n^2/N),
//    X_k = w_k * sum_n (x_n w_n) conj(w_{k-n}), a convolution evaluated with power-of-two FFTs
//    of length L >= 2N - 1. The chirp angle uses n^2 mod 2N in integers so it stays exact
//    for large n.

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

__global__ void bluestein_prepare(const float2* __restrict__ x, float2* __restrict__ a,
                                  float2* __restrict__ b, int N, int L) {
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n >= L) return;
    float2 av = make_float2(0.f, 0.f), bv = make_float2(0.f, 0.f);
    int m = n < N ? n : (L - n < N ? L - n : -1);  // chirp index for b (b is symmetric)
    if (m >= 0) {
        long long r = ((long long)m * m) % (2LL * N);
        double s, c;
        sincospi((double)r / (double)N, &s, &c);  // conj(w_m) = exp(+i*pi*m^2/N)
        bv = make_float2((float)c, (float)s);
        if (n < N) {
            float2 xv = x[n];
            float wc = (float)c, ws = (float)-s;  // w_n
            av = make_float2(xv.x * wc - xv.y * ws, xv.x * ws + xv.y * wc);
        }
    }
    a[n] = av;
    b[n] = bv;
}

__global__ void pointwise_mul(float2* __restrict__ a, const float2* __restrict__ b, int L) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < L) {
        float2 u = a[k], v = b[k];
        a[k] = make_float2(u.x * v.x - u.y * v.y, u.x * v.y + u.y * v.x);
    }
}

__global__ void bluestein_finish(const float2* __restrict__ conv, float2* __restrict__ X, int N,
                                 int L) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= N) return;
    long long r = ((long long)k * k) % (2LL * N);
    double s, c;
    sincospi(-(double)r / (double)N, &s, &c);  // w_k
    double inv = 1.0 / (double)L;
    float2 v = conv[k];
    X[k] = make_float2((float)((v.x * c - v.y * s) * inv), (float)((v.x * s + v.y * c) * inv));
}

extern "C" void solve(const float* signal, float* spectrum, int N) {
    const float2* x = reinterpret_cast<const float2*>(signal);
    float2* X = reinterpret_cast<float2*>(spectrum);
    const int threads = 256;
    bool pow2 = (N & (N - 1)) == 0;
    int L = pow2 ? N : 1;
    if (!pow2) while (L < 2 * N - 1) L <<= 1;

    float2* buf = nullptr;
    size_t tw_n = L / 2 > 0 ? L / 2 : 1;
    size_t scratch = pow2 ? (size_t)L : 4 * (size_t)L;
    cudaMalloc(&buf, sizeof(float2) * (tw_n + scratch));
    float2* tw = buf;
    float2* s0 = buf + tw_n;
    twiddle_table<<<(int)((tw_n + threads - 1) / threads), threads>>>(tw, L);

    if (pow2) {
        fft_pow2(x, X, s0, tw, L, 0);
    } else {
        float2 *A = s0, *B = s0 + L, *T1 = s0 + 2 * (size_t)L, *T2 = s0 + 3 * (size_t)L;
        int blocks = (L + threads - 1) / threads;
        bluestein_prepare<<<blocks, threads>>>(x, A, B, N, L);
        fft_pow2(A, T1, T2, tw, L, 0);  // T1 = FFT(a)
        fft_pow2(B, A, T2, tw, L, 0);   // A  = FFT(b)
        pointwise_mul<<<blocks, threads>>>(T1, A, L);
        fft_pow2(T1, A, T2, tw, L, 1);  // A  = L * conv
        bluestein_finish<<<(N + threads - 1) / threads, threads>>>(A, X, N, L);
    }
    cudaFree(buf);
}
