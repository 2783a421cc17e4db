#include <cuda_runtime.h>

// 32x32 tiles staged through shared memory so that both the reads of `input` and the writes
// of `output` are coalesced. The tile row is padded by one float so that reading a column of
// the tile hits 32 different banks. Blocks of 32x8 threads, each thread moves 4 elements.
#define TILE 32
#define ROWS_PER_PASS 8

__global__ void transpose_tiled(const float* __restrict__ in, float* __restrict__ out,
                                int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];

    int x = blockIdx.x * TILE + threadIdx.x;   // column in `in`
    int y = blockIdx.y * TILE + threadIdx.y;   // row in `in`
#pragma unroll
    for (int k = 0; k < TILE; k += ROWS_PER_PASS)
        if (x < cols && y + k < rows)
            tile[threadIdx.y + k][threadIdx.x] = in[(size_t)(y + k) * cols + x];
    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;       // column in `out` (= row in `in`)
    y = blockIdx.x * TILE + threadIdx.y;       // row in `out`    (= column in `in`)
#pragma unroll
    for (int k = 0; k < TILE; k += ROWS_PER_PASS)
        if (x < rows && y + k < cols)
            out[(size_t)(y + k) * rows + x] = tile[threadIdx.x][threadIdx.y + k];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
    dim3 threads(TILE, ROWS_PER_PASS);
    dim3 blocks((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose_tiled<<<blocks, threads>>>(input, output, rows, cols);
}
