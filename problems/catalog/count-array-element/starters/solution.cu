#include <cuda_runtime.h>

__global__ void count_kernel(const int* input, int* output, int N, int K) {
    // TODO: count the elements equal to K and add the result into output[0].
}

// input, output are device pointers; output points to a single int.
extern "C" void solve(const int* input, int* output, int N, int K) {
    // TODO: launch count_kernel (output[0] arrives zero-filled).
}
