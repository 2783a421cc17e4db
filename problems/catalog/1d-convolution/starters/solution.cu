#include <cuda_runtime.h>

// output has input_size - kernel_size + 1 elements.
__global__ void conv1d_kernel(const float* input, const float* kernel, float* output,
                              int input_size, int kernel_size) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // TODO: output[i] = sum over j < kernel_size of input[i + j] * kernel[j]
}

// input, kernel, output are device pointers.
extern "C" void solve(const float* input, const float* kernel, float* output,
                      int input_size, int kernel_size) {
    int n_out = input_size - kernel_size + 1;
    int threads = 256;
    int blocks = (n_out + threads - 1) / threads;
    conv1d_kernel<<<blocks, threads>>>(input, kernel, output, input_size, kernel_size);
}
