#include <cuda_runtime.h>

// Each block stages the 3 * 256 floats of its 256 pixels in shared memory with fully
// coalesced loads, then each thread combines its own triple.
#define PIX 256

__global__ void gray_smem(const float* __restrict__ in, float* __restrict__ out, int n) {
    __shared__ float s[3 * PIX];
    int base = blockIdx.x * PIX;
    int count = min(PIX, n - base);
    for (int t = threadIdx.x; t < 3 * count; t += PIX) s[t] = in[3 * (size_t)base + t];
    __syncthreads();
    if (threadIdx.x < count) {
        const float* px = s + 3 * threadIdx.x;
        out[base + threadIdx.x] = 0.299f * px[0] + 0.587f * px[1] + 0.114f * px[2];
    }
}

extern "C" void solve(const float* input, float* output, int width, int height) {
    int n = width * height;
    gray_smem<<<(n + PIX - 1) / PIX, PIX>>>(input, output, n);
}
