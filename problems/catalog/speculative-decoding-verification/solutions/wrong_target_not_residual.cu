#include <cuda_runtime.h>

#define THREADS 256

// Bug: after a rejection the replacement is drawn from the target distribution itself
// instead of the residual max(0, target - draft), renormalised.
// One block per sequence, chunked running sums as in a correct version.
__global__ void verify_kernel(const int* draft_tokens, const float* draft_probs,
                              const float* target_probs, const float* uniform_samples,
                              int* output_tokens, int T, int V) {
    __shared__ float offs[THREADS];
    __shared__ int s_nacc;
    __shared__ int s_tok;
    __shared__ float s_total;

    const int b = blockIdx.x;
    const int tid = threadIdx.x;
    const int* tok = draft_tokens + (size_t)b * T;
    const float* u = uniform_samples + (size_t)b * (T + 1);

    if (tid == 0) {
        int n = 0;
        for (int i = 0; i < T; ++i) {
            int t = tok[i];
            size_t base = ((size_t)b * T + i) * V;
            double p = (double)draft_probs[base + t];
            double q = (double)target_probs[base + t];
            double alpha = q / p < 1.0 ? q / p : 1.0;
            if ((double)u[i] < alpha) ++n;
            else break;
        }
        s_nacc = n;
        s_tok = V - 1;
    }
    __syncthreads();
    const int n = s_nacc;
    const bool rejected = n < T;
    const int row = rejected ? n : T - 1;
    const float* tp = target_probs + ((size_t)b * T + row) * V;

    const int chunk = (V + THREADS - 1) / THREADS;
    const int lo = min(V, tid * chunk);
    const int hi = min(V, lo + chunk);
    float local = 0.0f;
    for (int v = lo; v < hi; ++v)
        local += tp[v];
    offs[tid] = local;
    __syncthreads();
    if (tid == 0) {
        float run = 0.0f;
        for (int i = 0; i < THREADS; ++i) {
            float c = offs[i];
            offs[i] = run;
            run += c;
        }
        s_total = run;
    }
    __syncthreads();

    const float x = u[T];
    const float total = s_total;
    if (rejected && !(total > 0.0f)) {
        // residual is all zero: uniform over the vocabulary, cum(v) = (v + 1) / V
        if (tid == 0) {
            int v = 0;
            while (v < V - 1 && (float)(v + 1) / (float)V < x) ++v;
            s_tok = v;
        }
    } else {
        // the residual is compared unnormalised against x * total
        const float thr = rejected ? x * total : x;
        float c = offs[tid];
        for (int v = lo; v < hi; ++v) {
            c += tp[v];
            if (c >= thr) {
                atomicMin(&s_tok, v);
                break;
            }
        }
    }
    __syncthreads();

    int* out = output_tokens + (size_t)b * (T + 1);
    for (int j = tid; j <= T; j += THREADS)
        out[j] = j < n ? tok[j] : (j == n ? s_tok : 0);
}

extern "C" void solve(const int* draft_tokens, const float* draft_probs,
                      const float* target_probs, const float* uniform_samples,
                      int* output_tokens, int B, int T, int V) {
    verify_kernel<<<B, THREADS>>>(draft_tokens, draft_probs, target_probs, uniform_samples,
                                  output_tokens, T, V);
}
