#include <cuda_runtime.h>

// The matrices are dense and contiguous: one device-to-device copy of N*N floats.
extern "C" void solve(const float* A, float* B, int N) {
    cudaMemcpyAsync(B, A, (size_t)N * N * sizeof(float), cudaMemcpyDeviceToDevice, 0);
}
