#include <cuda_runtime.h>

// Bug: the sign of the sine term is flipped in the second half (rotation by -theta there).
__global__ void rope(const float* Q, const float* C, const float* S, float* out, int M, int D) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= M * D) return;
    int h = D / 2, j = idx % D;
    if (j < h)
        out[idx] = Q[idx] * C[idx] - Q[idx + h] * S[idx];
    else
        out[idx] = Q[idx] * C[idx] - Q[idx - h] * S[idx];
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
    rope<<<(M * D + 255) / 256, 256>>>(Q, cos, sin, output, M, D);
}
