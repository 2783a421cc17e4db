#include <cuda_runtime.h>

// signal and spectrum hold N complex numbers as interleaved (re, im) float pairs.
__global__ void dft_kernel(const float* signal, float* spectrum, int N) {
    // TODO: X_k = sum_n x_n * exp(-2*pi*i*k*n/N) -- or, much faster, an FFT.
}

// signal, spectrum are device pointers.
extern "C" void solve(const float* signal, float* spectrum, int N) {
    int threads = 256;
    int blocks = (N + threads - 1) / threads;
    dft_kernel<<<blocks, threads>>>(signal, spectrum, N);
}
