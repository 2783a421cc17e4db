#include <cuda_runtime.h>

// Bug: the grid size rounds N/2 down to whole blocks of 256 threads, so the pairs nearest the
// middle are never swapped (and nothing at all happens when N < 512).
__global__ void reverse_swap(float* x, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N / 2) {
        int j = N - 1 - i;
        float a = x[i];
        x[i] = x[j];
        x[j] = a;
    }
}

extern "C" void solve(float* input, int N) {
    int blocks = (N / 2) / 256;
    if (blocks > 0) reverse_swap<<<blocks, 256>>>(input, N);
}
