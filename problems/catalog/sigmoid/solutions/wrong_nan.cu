#include <cuda_runtime.h>

// Bug: the algebraically equal form e^x / (1 + e^x) overflows: for x > 88.7 both e^x and
// 1 + e^x are +inf and inf / inf is NaN.
__global__ void sigmoid(const float* X, float* Y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float e = expf(X[i]);
        Y[i] = e / (1.0f + e);
    }
}

extern "C" void solve(const float* X, float* Y, int N) {
    sigmoid<<<(N + 255) / 256, 256>>>(X, Y, N);
}
