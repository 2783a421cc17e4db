#include <cuda_runtime.h>

__global__ void rope_kernel(const float* Q, const float* cos, const float* sin, float* output,
                            int M, int D) {
    // TODO: pair column j with column j + D/2 in every row.
}

// Q, cos, sin, output are device pointers to M*D floats (row-major). Q, cos, sin are inputs.
extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
    // TODO: launch rope_kernel.
}
