#include <cuda_runtime.h>

__global__ void recurrence_kernel(const float* a, const float* x, float* h, int B, int L) {
    // TODO: h[b][0] = x[b][0]; h[b][t] = a[b][t] * h[b][t-1] + x[b][t].
}

// a, x, h are device pointers to B*L floats (row-major, one sequence per row).
extern "C" void solve(const float* a, const float* x, float* h, int B, int L) {
    // TODO: launch recurrence_kernel.
}
