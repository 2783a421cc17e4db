#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

__global__ void solve_kernel(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K, int group_size) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// x: input, device pointer, f16, shape [M x K]
// w_q: input, device pointer, u8, shape [N x K//2]
// scales: input, device pointer, f16, shape [N x K//group_size]
// y: output, device pointer, f16, shape [M x N]
// Write the result into y in place.
extern "C" void solve(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K, int group_size) {
    int threads = 256;
    int blocks = (M + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(x, w_q, scales, y, M, N, K, group_size);
}
