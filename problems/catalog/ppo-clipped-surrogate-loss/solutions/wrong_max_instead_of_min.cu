#include <cuda_runtime.h>

// Bug: takes the larger (optimistic) of the clipped and unclipped terms instead of the
// smaller one, so the clip only ever increases the objective.

constexpr int THREADS = 256;

__global__ void term_sums(const float* __restrict__ adv, const float* __restrict__ lp,
                          const float* __restrict__ lpo, float* out, float eps, int n) {
    __shared__ float s[THREADS];
    int i = blockIdx.x * THREADS + threadIdx.x;
    float v = 0.0f;
    if (i < n) {
        float a = adv[i];
        float r = expf(lp[i] - lpo[i]);
        float rc = fminf(fmaxf(r, 1.0f - eps), 1.0f + eps);
        v = fmaxf(r * a, rc * a);
    }
    s[threadIdx.x] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, -s[0] / (float)n);
}

extern "C" void solve(const float* advantages, const float* log_pi, const float* log_pi_old, float* output, float clip_eps, int B, int S) {
    int n = B * S;
    cudaMemsetAsync(output, 0, sizeof(float));
    int blocks = (n + THREADS - 1) / THREADS;
    term_sums<<<blocks, THREADS>>>(advantages, log_pi, log_pi_old, output, clip_eps, n);
}
