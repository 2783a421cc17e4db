#include <cuda_runtime.h>

// Bug: reads the weight as if it were stored [input_size, output_size] (column o of a
// row-major I x O matrix) instead of PyTorch's [output_size, input_size].
__global__ void linear_kernel(const float* input, const float* weight, const float* bias,
                              float* output, int batch_size, int input_size, int output_size) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (o >= output_size || b >= batch_size) return;
    float acc = 0.0f;
    for (int k = 0; k < input_size; ++k)
        acc += input[(size_t)b * input_size + k] * weight[(size_t)k * output_size + o];
    output[(size_t)b * output_size + o] = acc + bias[o];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output,
                      int batch_size, int input_size, int output_size) {
    dim3 grid((output_size + 127) / 128, batch_size);
    linear_kernel<<<grid, 128>>>(input, weight, bias, output, batch_size, input_size,
                                 output_size);
}
