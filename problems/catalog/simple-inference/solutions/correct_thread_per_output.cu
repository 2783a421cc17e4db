#include <cuda_runtime.h>

// One thread per output element (b, o): a plain fp32 dot product of input row b with
// weight row o, then the bias. Consecutive threads take consecutive o, so they share the
// input row (broadcast) and read different weight rows.
__global__ void linear_kernel(const float* __restrict__ input, const float* __restrict__ weight,
                              const float* __restrict__ bias, float* __restrict__ output,
                              int batch_size, int input_size, int output_size) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (o >= output_size || b >= batch_size) return;
    const float* x = input + (size_t)b * input_size;
    const float* w = weight + (size_t)o * input_size;
    float acc = 0.0f;
    for (int k = 0; k < input_size; ++k) acc = fmaf(x[k], w[k], acc);
    output[(size_t)b * output_size + o] = acc + bias[o];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output,
                      int batch_size, int input_size, int output_size) {
    dim3 block(128);
    dim3 grid((output_size + 127) / 128, batch_size);  // batch_size <= 1000 < 65535
    linear_kernel<<<grid, block>>>(input, weight, bias, output, batch_size, input_size,
                                   output_size);
}
