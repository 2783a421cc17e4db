#include <cuda_runtime.h>

// Bug: the KL estimator uses d = log_pi - log_ref (the opposite direction); the estimator
// exp(d) - d - 1 is not symmetric in d, so the penalty comes out wrong.

constexpr int THREADS = 256;

__global__ void terms(const float* __restrict__ rewards, const float* __restrict__ lp,
                      const float* __restrict__ lpo, const float* __restrict__ lref, float* out,
                      float eps, float beta, int G, int S, int n) {
    __shared__ float s[THREADS];
    int i = blockIdx.x * THREADS + threadIdx.x;
    float v = 0.0f;
    if (i < n) {
        int bg = i / S;
        const float* r = rewards + (bg / G) * G;
        float mean = 0.0f;
        for (int g = 0; g < G; ++g) mean += r[g];
        mean /= (float)G;
        float var = 0.0f;
        for (int g = 0; g < G; ++g) var += (r[g] - mean) * (r[g] - mean);
        float a = (rewards[bg] - mean) / (sqrtf(var / (float)G) + 1e-8f);
        float ratio = expf(lp[i] - lpo[i]);
        float rc = fminf(fmaxf(ratio, 1.0f - eps), 1.0f + eps);
        float d = lp[i] - lref[i];
        v = fminf(ratio * a, rc * a) - beta * (expf(d) - d - 1.0f);
    }
    s[threadIdx.x] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, -s[0] / (float)n);
}

extern "C" void solve(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref, float* output, float clip_eps, float beta, int B, int G, int S) {
    int n = B * G * S;
    cudaMemsetAsync(output, 0, sizeof(float));
    int blocks = (n + THREADS - 1) / THREADS;
    terms<<<blocks, THREADS>>>(rewards, log_pi, log_pi_old, log_ref, output, clip_eps, beta, G,
                               S, n);
}
