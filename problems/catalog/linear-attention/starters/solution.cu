#include <cuda_runtime.h>

// phi(x) = x + 1 for x > 0, exp(x) otherwise.
__device__ float phi(float x) { return x > 0.f ? x + 1.f : expf(x); }

// Q, K, V, output: [M, d] row-major.
__global__ void linear_attention_kernel(const float* Q, const float* K, const float* V,
                                        float* output, int M, int d) {
    // TODO: build S = phi(K)^T V and z = sum_j phi(K_j), then
    //       output[i] = phi(Q_i) S / (phi(Q_i) . z).
}

// Q, K, V, output are device pointers.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M,
                      int d) {
    linear_attention_kernel<<<(M + 127) / 128, 128>>>(Q, K, V, output, M, d);
}
