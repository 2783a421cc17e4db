#include <cuda_runtime.h>

// Bug: every thread adds its partial sum into output[0] with a plain read-modify-write
// instead of atomicAdd, so concurrent updates are lost.
__global__ void range_sum(const int* in, int* out, int S, int E) {
    int local = 0;
    for (int i = S + blockIdx.x * blockDim.x + threadIdx.x; i <= E; i += gridDim.x * blockDim.x)
        local += in[i];
    *out += local;
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    cudaMemset(output, 0, sizeof(int));
    range_sum<<<264, 256>>>(input, output, S, E);
}
