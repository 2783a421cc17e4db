#include <cuda_runtime.h>

// Bug: evaluates the loss as logf(1 + expf(-z)); for strongly negative z the exponential
// overflows to infinity and the loss becomes inf.

constexpr int THREADS = 256;

__global__ void losses(const float* __restrict__ c, const float* __restrict__ r,
                       const float* __restrict__ cref, const float* __restrict__ rref,
                       float* out, float beta, int n) {
    __shared__ float s[THREADS];
    int i = blockIdx.x * THREADS + threadIdx.x;
    float v = 0.0f;
    if (i < n) {
        float z = beta * ((c[i] - r[i]) - (cref[i] - rref[i]));
        v = logf(1.0f + expf(-z));
    }
    s[threadIdx.x] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, s[0] / (float)n);
}

extern "C" void solve(const float* chosen_logps, const float* rejected_logps, const float* chosen_ref_logps, const float* rejected_ref_logps, float* output, float beta, int B) {
    cudaMemsetAsync(output, 0, sizeof(float));
    int blocks = (B + THREADS - 1) / THREADS;
    losses<<<blocks, THREADS>>>(chosen_logps, rejected_logps, chosen_ref_logps,
                                rejected_ref_logps, output, beta, B);
}
