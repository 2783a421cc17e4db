// Counts matches per warp with a ballot and adds each warp's count into output[0], which
// arrives zero-filled.
#include <cuda_runtime.h>

__global__ void count_kernel(const int* input, int* output, int N, int K) {
    int stride = gridDim.x * blockDim.x;
    int mine = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += stride) {
        mine += (input[i] == K);
    }
    for (int offset = 16; offset > 0; offset /= 2) {
        mine += __shfl_down_sync(0xffffffff, mine, offset);
    }
    if ((threadIdx.x & 31) == 0 && mine != 0) atomicAdd(output, mine);
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    int threads = 256;
    int blocks = (N + threads - 1) / threads;
    if (blocks > 2048) blocks = 2048;
    count_kernel<<<blocks, threads>>>(input, output, N, K);
}
