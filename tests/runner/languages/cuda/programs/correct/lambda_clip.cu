// problem: value-clipping
// A lambda defined in the kernel and handed to a device function template.
#include <cuda_runtime.h>

template <typename F>
__device__ void for_each_index(int n, F f) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) f(i);
}

__global__ void clip_kernel(const float* input, float* output, float lo, float hi, int N) {
    auto clip = [=](float x) { return fminf(fmaxf(x, lo), hi); };
    for_each_index(N, [&](int i) { output[i] = clip(input[i]); });
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
    clip_kernel<<<(N + 255) / 256, 256>>>(input, output, lo, hi, N);
    cudaDeviceSynchronize();
}
