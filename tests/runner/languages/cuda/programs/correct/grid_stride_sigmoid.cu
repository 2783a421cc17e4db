// problem: sigmoid
// A grid-stride loop over a fixed grid, with the fast-math exponential.
#include <cuda_runtime.h>

__global__ void sigmoid_kernel(const float* __restrict__ X, float* __restrict__ Y, int N) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) {
        float x = X[i];
        Y[i] = x >= 0.0f ? 1.0f / (1.0f + expf(-x)) : __fdividef(expf(x), 1.0f + expf(x));
    }
}

extern "C" void solve(const float* X, float* Y, int N) {
    int device = 0, sms = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    int blocks = sms > 0 ? 4 * sms : 64;
    sigmoid_kernel<<<blocks, 256>>>(X, Y, N);
    cudaDeviceSynchronize();
}
