// problem: dot-product
// Cooperative groups: the block split into 32-thread tiles, each tile reduced with cg::reduce,
// the tile leaders combined through shared memory.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void dot_kernel(const float* A, const float* B, float* result, int N) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    __shared__ float tile_sums[32];
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + block.thread_rank(); i < N; i += blockDim.x * gridDim.x)
        v += A[i] * B[i];
    v = cg::reduce(tile, v, cg::plus<float>());
    if (tile.thread_rank() == 0) tile_sums[block.thread_rank() / 32] = v;
    block.sync();
    if (block.thread_rank() < 32) {
        int tiles = block.size() / 32;
        float t = block.thread_rank() < tiles ? tile_sums[block.thread_rank()] : 0.0f;
        t = cg::reduce(tile, t, cg::plus<float>());
        if (tile.thread_rank() == 0) atomicAdd(result, t);
    }
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    cudaMemset(result, 0, sizeof(float));
    int blocks = (N + 255) / 256;
    if (blocks > 128) blocks = 128;
    dot_kernel<<<blocks, 256>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
