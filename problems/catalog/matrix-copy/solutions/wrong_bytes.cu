#include <cuda_runtime.h>

// Bug: the byte count forgets sizeof(float), so only the first quarter of the matrix is copied.
extern "C" void solve(const float* A, float* B, int N) {
    cudaMemcpy(B, A, (size_t)N * N, cudaMemcpyDeviceToDevice);
}
