#include <cuda_runtime.h>

__global__ void segmented_scan_kernel(const float* values, const int* flags, float* output,
                                      int N) {
    // TODO: exclusive scan that restarts wherever flags[i] == 1.
}

// values, flags, output are device pointers to N elements.
extern "C" void solve(const float* values, const int* flags, float* output, int N) {
    // TODO: launch your kernel(s); carry partial sums across blocks.
}
