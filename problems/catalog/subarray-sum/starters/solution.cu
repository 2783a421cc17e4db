#include <cuda_runtime.h>

__global__ void subarray_sum_kernel(const int* input, int* output, int S, int E) {
    // TODO: add input[S..E] (inclusive) into output[0].
}

// input, output are device pointers; output points to a single int.
extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    // TODO: initialise output[0] and launch subarray_sum_kernel.
}
