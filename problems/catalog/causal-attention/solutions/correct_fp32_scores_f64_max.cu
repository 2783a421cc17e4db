// Identical to correct_online_softmax.cu except that the scores are accumulated in fp32 (the
// running max stays in double). Once rejected at the benchmark size; accepted since the judge
// allows the fp32 forward error of the scores (statement.md, "Accuracy at large sizes").
#include <cuda_runtime.h>
#include <math.h>

// Tiled attention with an online (streaming) softmax.
// One block owns BQ consecutive queries of one head and streams over the visible keys in tiles
// of BK keys. The score dot products and the running row maximum are kept in double precision:
// with inputs of magnitude 10..100 an fp32 dot product is off by 1e-4 or more, which the
// softmax turns into output errors far beyond the 1e-5 tolerance. Products of two floats are
// exact in double, so only the (tiny) double rounding of the sums remains. Everything after
// the max subtraction (exp, row sums, P.V) is plain fp32.
//
// MODE 0: no mask; MODE 1: causal (key j visible to query i iff j <= i);
// MODE 2: sliding window (visible iff |i - j| <= window).

#define ATTN_THREADS 256

template <int MODE>
__global__ void __launch_bounds__(ATTN_THREADS)
attention_kernel(const float* __restrict__ Q, const float* __restrict__ K,
                 const float* __restrict__ V, float* __restrict__ O, int M, int N, int ld,
                 int dk, int BQ, int BK, int window, double scale) {
    extern __shared__ double smem[];
    const int dkp = dk + 1;  // padded row stride: consecutive keys hit different banks
    double* S = smem;                       // [BQ][BK] scores, then probabilities
    double* mrow = S + BQ * BK;             // [BQ] running max (double)
    float* lrow = (float*)(mrow + BQ);      // [BQ] running denominator
    float* arow = lrow + BQ;                // [BQ] rescale factor of the current tile
    float* Qs = arow + BQ;                  // [BQ][dkp]
    float* Os = Qs + BQ * dkp;              // [BQ][dkp] unnormalised output accumulator
    float* KVs = Os + BQ * dkp;             // [BK][dkp] K tile, then V tile

    const int tid = threadIdx.x, nt = blockDim.x;
    const int lane = tid & 31, warp = tid >> 5, nwarps = nt >> 5;
    const int q0 = blockIdx.x * BQ;
    const int col0 = blockIdx.y * dk;

    for (int e = tid; e < BQ * dk; e += nt) {
        int r = e / dk, c = e - r * dk, qi = q0 + r;
        Qs[r * dkp + c] = qi < M ? Q[(size_t)qi * ld + col0 + c] : 0.f;
        Os[r * dkp + c] = 0.f;
    }
    for (int r = tid; r < BQ; r += nt) {
        mrow[r] = -INFINITY;
        lrow[r] = 0.f;
    }

    int kbeg = 0, kend = N;
    if (MODE == 1) kend = min(N, q0 + BQ);
    if (MODE == 2) {
        kbeg = max(0, q0 - window);
        kend = min(N, q0 + BQ + window);
    }
    __syncthreads();

    for (int k0 = kbeg; k0 < kend; k0 += BK) {
        for (int e = tid; e < BK * dk; e += nt) {
            int r = e / dk, c = e - r * dk, kj = k0 + r;
            KVs[r * dkp + c] = kj < kend ? K[(size_t)kj * ld + col0 + c] : 0.f;
        }
        __syncthreads();

        for (int p = tid; p < BQ * BK; p += nt) {
            int r = p / BK, j = p - r * BK, qi = q0 + r, kj = k0 + j;
            bool vis = kj < kend && qi < M;
            if (MODE == 1) vis = vis && kj <= qi;
            if (MODE == 2) vis = vis && abs(qi - kj) <= window;
            double s = -INFINITY;
            if (vis) {
                const float* qr = Qs + r * dkp;
                const float* kr = KVs + j * dkp;
                float acc = 0.f;  // fp32 accumulation of the score
                for (int c = 0; c < dk; ++c) acc = fmaf(qr[c], kr[c], acc);
                s = (double)acc * scale;
            }
            S[p] = s;
        }
        __syncthreads();

        // V tile replaces the K tile; meanwhile one warp per query row updates the softmax state.
        for (int e = tid; e < BK * dk; e += nt) {
            int r = e / dk, c = e - r * dk, kj = k0 + r;
            KVs[r * dkp + c] = kj < kend ? V[(size_t)kj * ld + col0 + c] : 0.f;
        }
        for (int r = warp; r < BQ; r += nwarps) {
            double mx = -INFINITY;
            for (int j = lane; j < BK; j += 32) mx = fmax(mx, S[r * BK + j]);
            for (int o = 16; o > 0; o >>= 1) mx = fmax(mx, __shfl_xor_sync(0xffffffffu, mx, o));
            double mold = mrow[r];
            double mnew = fmax(mold, mx);
            float sum = 0.f;
            for (int j = lane; j < BK; j += 32) {
                double s = S[r * BK + j];
                float p = (s == -INFINITY) ? 0.f : expf((float)(s - mnew));
                S[r * BK + j] = (double)p;
                sum += p;
            }
            for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
            if (lane == 0) {
                float alpha = (mold == -INFINITY) ? 0.f : expf((float)(mold - mnew));
                arow[r] = alpha;
                lrow[r] = lrow[r] * alpha + sum;
                mrow[r] = mnew;
            }
        }
        __syncthreads();

        for (int e = tid; e < BQ * dk; e += nt) {
            int r = e / dk, c = e - r * dk;
            const double* pr = S + r * BK;
            float acc = Os[r * dkp + c] * arow[r];
            for (int j = 0; j < BK; ++j) acc = fmaf((float)pr[j], KVs[j * dkp + c], acc);
            Os[r * dkp + c] = acc;
        }
        __syncthreads();
    }

    for (int e = tid; e < BQ * dk; e += nt) {
        int r = e / dk, c = e - r * dk, qi = q0 + r;
        if (qi < M) O[(size_t)qi * ld + col0 + c] = Os[r * dkp + c] / lrow[r];
    }
}

// Picks the tile sizes for a head dimension and launches. Returns nothing; errors surface
// through the runtime's sticky error state.
template <int MODE>
static void launch_attention(const float* Q, const float* K, const float* V, float* O, int M,
                             int N, int ld, int dk, int heads, int window) {
    int BQ, BK;
    if (dk <= 128) { BQ = 16; BK = 64; }
    else if (dk <= 256) { BQ = 16; BK = 32; }
    else if (dk <= 1024) { BQ = 8; BK = 16; }
    else { BQ = 4; BK = 8; }
    size_t smem = sizeof(double) * (size_t)(BQ * BK + BQ) + sizeof(float) * 2 * BQ +
                  sizeof(float) * (size_t)(2 * BQ + BK) * (dk + 1);
    cudaFuncSetAttribute(attention_kernel<MODE>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                         (int)smem);
    dim3 grid((M + BQ - 1) / BQ, heads);
    attention_kernel<MODE><<<grid, ATTN_THREADS, smem>>>(Q, K, V, O, M, N, ld, dk, BQ, BK,
                                                         window, 1.0 / sqrt((double)dk));
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M,
                      int d) {
    launch_attention<1>(Q, K, V, output, M, M, d, d, 1, 0);
}
