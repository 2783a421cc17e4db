// problem: prefix-sum
// Inclusive scan: a Hillis-Steele scan per block (double-buffered in shared memory), the block
// totals scanned recursively, then each block adds the total of the blocks before it.
#include <cuda_runtime.h>

constexpr int BLOCK = 256;

__global__ void scan_blocks(const float* in, float* out, float* block_totals, int n) {
    __shared__ float buf[2][BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK + tid;
    int cur = 0;
    buf[cur][tid] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int offset = 1; offset < BLOCK; offset <<= 1) {
        float v = buf[cur][tid];
        if (tid >= offset) v += buf[cur][tid - offset];
        buf[cur ^ 1][tid] = v;
        cur ^= 1;
        __syncthreads();
    }
    if (i < n) out[i] = buf[cur][tid];
    if (tid == BLOCK - 1 && block_totals) block_totals[blockIdx.x] = buf[cur][tid];
}

__global__ void add_offsets(float* out, const float* scanned_totals, int n) {
    int i = (blockIdx.x + 1) * BLOCK + threadIdx.x;  // block 0 needs no offset
    if (i < n) out[i] += scanned_totals[blockIdx.x];
}

static void scan(const float* in, float* out, int n) {
    int blocks = (n + BLOCK - 1) / BLOCK;
    if (blocks == 1) {
        scan_blocks<<<1, BLOCK>>>(in, out, nullptr, n);
        return;
    }
    float* totals = nullptr;
    cudaMalloc(&totals, 2 * blocks * sizeof(float));
    scan_blocks<<<blocks, BLOCK>>>(in, out, totals, n);
    scan(totals, totals + blocks, blocks);
    add_offsets<<<blocks - 1, BLOCK>>>(out, totals + blocks, n);
    cudaFree(totals);
}

extern "C" void solve(const float* input, float* output, int N) {
    scan(input, output, N);
    cudaDeviceSynchronize();
}
