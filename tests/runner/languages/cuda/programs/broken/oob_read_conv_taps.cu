// problem: 1d-convolution
// expect: out-of-bounds read; kernel=conv1d; index=kernel[3]; extent=kernel has 3 elements; block=0; thread=0
// The tap loop runs one step too far (<= instead of <) and reads one filter weight past the end.
#include <cuda_runtime.h>

__global__ void conv1d(const float* input, const float* kernel, float* output, int input_size,
                       int kernel_size) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int output_size = input_size - kernel_size + 1;
    if (i < output_size) {
        float sum = 0.0f;
        for (int j = 0; j <= kernel_size; ++j) sum += input[i + j] * kernel[j];  // BUG
        output[i] = sum;
    }
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size,
                      int kernel_size) {
    int output_size = input_size - kernel_size + 1;
    conv1d<<<(output_size + 255) / 256, 256>>>(input, kernel, output, input_size, kernel_size);
    cudaDeviceSynchronize();
}
