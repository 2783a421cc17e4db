#include <cuda_runtime.h>

// Block b takes a chunk of 1024 elements from the front half and the mirrored chunk from the
// back, stages both in shared memory, and writes each one reversed into the other's place.
// Every element is read before anything in its pair of chunks is written (one block owns the
// pair), so the in-place update is safe.
#define CHUNK 1024

__global__ void reverse_chunks(float* x, int N) {
    __shared__ float front[CHUNK], back[CHUNK];
    int half = N / 2;
    int start = blockIdx.x * CHUNK;                 // offset in the front half
    int len = min(CHUNK, half - start);
    for (int t = threadIdx.x; t < len; t += blockDim.x) {
        front[t] = x[start + t];
        back[t] = x[N - 1 - (start + t)];
    }
    __syncthreads();
    for (int t = threadIdx.x; t < len; t += blockDim.x) {
        x[start + t] = back[t];
        x[N - 1 - (start + t)] = front[t];
    }
}

extern "C" void solve(float* input, int N) {
    int half = N / 2;
    if (half == 0) return;
    reverse_chunks<<<(half + CHUNK - 1) / CHUNK, 256>>>(input, N);
}
