#include <cuda_runtime.h>

// Level-synchronous BFS. dist[] holds the level of every reached cell (-1: not reached).
// Kernel expand(level): every cell at `level` marks its free, unreached 4-neighbours with
// level + 1 (concurrent writers all write the same value) and raises a flag. The host loop
// stops when the end cell has a level or when a level adds no cell.

constexpr int THREADS = 256;
constexpr int MAX_CELLS = 1000 * 1000;

__device__ int g_dist[MAX_CELLS];
__device__ int g_grew;

__global__ void init(int n, int start) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) g_dist[i] = (i == start) ? 0 : -1;
}

__global__ void expand(const int* __restrict__ grid, int rows, int cols, int level) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * cols || g_dist[i] != level) return;
    int r = i / cols, c = i - r * cols;
    int nb[4] = {r > 0 ? i - cols : -1, r + 1 < rows ? i + cols : -1, c > 0 ? i - 1 : -1,
                 c + 1 < cols ? i + 1 : -1};
    for (int j = 0; j < 4; ++j) {
        int t = nb[j];
        if (t >= 0 && grid[t] == 0 && g_dist[t] == -1) {
            g_dist[t] = level + 1;
            g_grew = 1;
        }
    }
}

__global__ void finish(int* result, int end) { result[0] = g_dist[end]; }

extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row, int end_col) {
    int n = rows * cols;
    int start = start_row * cols + start_col;
    int end = end_row * cols + end_col;
    int blocks = (n + THREADS - 1) / THREADS;
    init<<<blocks, THREADS>>>(n, start);
    if (start != end) {
        for (int level = 0;; ++level) {
            int zero = 0, grew = 0, end_dist = -1;
            cudaMemcpyToSymbol(g_grew, &zero, sizeof(int));
            expand<<<blocks, THREADS>>>(grid, rows, cols, level);
            cudaMemcpyFromSymbol(&grew, g_grew, sizeof(int));
            cudaMemcpyFromSymbol(&end_dist, g_dist, sizeof(int), end * sizeof(int));
            if (end_dist >= 0 || !grew) break;
        }
    }
    finish<<<1, 1>>>(result, end);
}
