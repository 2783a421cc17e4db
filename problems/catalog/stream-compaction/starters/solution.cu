#include <cuda_runtime.h>

__global__ void compact_kernel(const float* A, int N, float* out) {
    // TODO: keep A[i] > 0 in order; out arrives zero-filled, so the tail is already 0.0.
}

// A, out are device pointers to N floats. Note that N comes before out.
extern "C" void solve(const float* A, int N, float* out) {
    // TODO: launch your kernel(s).
}
