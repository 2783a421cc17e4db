#include <cuda_runtime.h>

// Each block of 256 threads produces 1024 consecutive outputs. The input window they need
// (1024 + kernel_size - 1 floats) and the whole kernel are staged in shared memory; each
// thread then computes 4 outputs (256 apart, so a warp reads consecutive words) with the
// taps visited in increasing order.
#define THREADS 256
#define PER_THREAD 4
#define OUTS (THREADS * PER_THREAD)

__global__ void __launch_bounds__(THREADS)
conv1d_tiled_bad(const float* __restrict__ in, const float* __restrict__ k, float* __restrict__ out,
             int input_size, int kernel_size) {
    extern __shared__ float smem[];
    float* sk = smem;                       // kernel_size floats
    float* sx = smem + kernel_size;         // OUTS + kernel_size - 1 floats

    // Bug: the number of outputs is taken as input_size - kernel_size, forgetting the + 1,
    // so the last output is never written.
    const int n_out = input_size - kernel_size;
    const int base = blockIdx.x * OUTS;
    const int window = OUTS + kernel_size - 1;

    for (int j = threadIdx.x; j < kernel_size; j += THREADS) sk[j] = k[j];
    for (int t = threadIdx.x; t < window; t += THREADS) {
        int g = base + t;
        sx[t] = g < input_size ? in[g] : 0.0f;
    }
    __syncthreads();

    float acc[PER_THREAD];
#pragma unroll
    for (int p = 0; p < PER_THREAD; ++p) acc[p] = 0.0f;

    for (int j = 0; j < kernel_size; ++j) {
        float w = sk[j];
#pragma unroll
        for (int p = 0; p < PER_THREAD; ++p)
            acc[p] = fmaf(sx[threadIdx.x + p * THREADS + j], w, acc[p]);
    }

#pragma unroll
    for (int p = 0; p < PER_THREAD; ++p) {
        int i = base + threadIdx.x + p * THREADS;
        if (i < n_out) out[i] = acc[p];
    }
}

extern "C" void solve(const float* input, const float* kernel, float* output,
                      int input_size, int kernel_size) {
    int n_out = input_size - kernel_size + 1;
    int blocks = (n_out + OUTS - 1) / OUTS;
    size_t shmem = (size_t)(2 * kernel_size + OUTS - 1) * sizeof(float);
    conv1d_tiled_bad<<<blocks, THREADS, shmem>>>(input, kernel, output, input_size, kernel_size);
}
