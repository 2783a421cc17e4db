#include <cuda_runtime.h>

__global__ void compact_kernel(const float* A, int N, float* out) {
    // TODO: keep A[i] > 0 in order; the rest of out must become 0.0.
}

// A, out are device pointers to N floats. Note that N comes before out.
extern "C" void solve(const float* A, int N, float* out) {
    // TODO: launch your kernel(s).
}
