// Launches the work on a non-blocking side stream and returns at once: the caller's events
// on the default stream do not wait for it.
#include <cuda_runtime.h>
__global__ void add(const float* A, const float* B, float* C, int N) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
        C[i] = A[i] + B[i];
}
static cudaStream_t side = nullptr;
extern "C" void solve(const float* A, const float* B, float* C, int N) {
    if (!side) cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
    add<<<264, 256, 0, side>>>(A, B, C, N);  // deliberately few blocks: slow, so it shows
}
