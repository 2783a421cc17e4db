// Radix sort on the raw float bits (wrong for negative values).
#include <cuda_runtime.h>

// LSD radix sort of 32-bit keys: 4 passes of 8 bits. Each pass
//   1. counts the digits of every tile of TILE keys        (digit-major table [256][tiles]),
//   2. exclusive-scans that table (multi-level block scan) -> where each (digit, tile) starts,
//   3. scatters each tile stably: keys are ranked in order inside the tile with warp
//      match + per-warp digit counts, so equal digits keep their input order.

#define RADIX 256
#define THREADS 256
#define WARPS (THREADS / 32)
#define TILE 2048
#define SCAN_ITEMS 4
#define SCAN_TILE (THREADS * SCAN_ITEMS)

__global__ void digit_histogram(const unsigned* __restrict__ keys, int n, int shift,
                                unsigned* __restrict__ table, int tiles) {
    __shared__ unsigned count[RADIX];
    count[threadIdx.x] = 0;
    __syncthreads();
    int base = blockIdx.x * TILE;
    for (int i = threadIdx.x; i < TILE; i += THREADS) {
        int idx = base + i;
        if (idx < n) atomicAdd(&count[(keys[idx] >> shift) & (RADIX - 1)], 1u);
    }
    __syncthreads();
    table[(size_t)threadIdx.x * tiles + blockIdx.x] = count[threadIdx.x];
}

// Exclusive scan of SCAN_TILE entries per block; the block total goes to sums[blockIdx.x].
__global__ void scan_tiles(unsigned* data, int n, unsigned* sums) {
    __shared__ unsigned part[THREADS];
    int base = blockIdx.x * SCAN_TILE + threadIdx.x * SCAN_ITEMS;
    unsigned v[SCAN_ITEMS];
    unsigned total = 0;
    for (int k = 0; k < SCAN_ITEMS; ++k) {
        v[k] = (base + k < n) ? data[base + k] : 0u;
        total += v[k];
    }
    part[threadIdx.x] = total;
    __syncthreads();
    for (int off = 1; off < THREADS; off <<= 1) {  // Hillis-Steele inclusive scan
        unsigned add = threadIdx.x >= off ? part[threadIdx.x - off] : 0u;
        __syncthreads();
        part[threadIdx.x] += add;
        __syncthreads();
    }
    unsigned run = part[threadIdx.x] - total;
    for (int k = 0; k < SCAN_ITEMS; ++k) {
        if (base + k < n) data[base + k] = run;
        run += v[k];
    }
    if (threadIdx.x == THREADS - 1 && sums) sums[blockIdx.x] = part[THREADS - 1];
}

__global__ void add_tile_offsets(unsigned* data, int n, const unsigned* sums) {
    int i = blockIdx.x * SCAN_TILE + threadIdx.x;
    unsigned add = sums[blockIdx.x];
    for (int k = 0; k < SCAN_ITEMS; ++k, i += THREADS)
        if (i < n) data[i] += add;
}

static void exclusive_scan(unsigned* data, int n) {
    int blocks = (n + SCAN_TILE - 1) / SCAN_TILE;
    if (blocks == 1) {
        scan_tiles<<<1, THREADS>>>(data, n, nullptr);
        return;
    }
    unsigned* sums = nullptr;
    cudaMalloc(&sums, sizeof(unsigned) * blocks);
    scan_tiles<<<blocks, THREADS>>>(data, n, sums);
    exclusive_scan(sums, blocks);
    add_tile_offsets<<<blocks, THREADS>>>(data, n, sums);
    cudaFree(sums);
}

__global__ void stable_scatter(const unsigned* __restrict__ in, unsigned* __restrict__ out, int n,
                               int shift, const unsigned* __restrict__ table, int tiles) {
    __shared__ unsigned start[RADIX];           // next free slot of each digit for this tile
    __shared__ unsigned warp_count[WARPS][RADIX];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    start[tid] = table[(size_t)tid * tiles + blockIdx.x];
    for (int w = 0; w < WARPS; ++w) warp_count[w][tid] = 0;
    __syncthreads();
    const unsigned lanes_below = (1u << lane) - 1u;
    const int base = blockIdx.x * TILE;
    for (int c = 0; c < TILE; c += THREADS) {
        int idx = base + c + tid;
        bool valid = idx < n;
        unsigned key = valid ? in[idx] : 0u;
        unsigned digit = valid ? (key >> shift) & (RADIX - 1) : RADIX;  // RADIX = "no key"
        unsigned peers = __match_any_sync(0xffffffffu, digit);
        unsigned rank = __popc(peers & lanes_below);
        if (valid && rank == 0) warp_count[warp][digit] = __popc(peers);
        __syncthreads();
        if (valid) {
            unsigned pos = start[digit] + rank;
            for (int w = 0; w < warp; ++w) pos += warp_count[w][digit];
            out[pos] = key;
        }
        __syncthreads();
        unsigned sum = 0;
        for (int w = 0; w < WARPS; ++w) {
            sum += warp_count[w][tid];
            warp_count[w][tid] = 0;
        }
        start[tid] += sum;
        __syncthreads();
    }
}

// Sorts n keys. Even number of passes: the result ends where it started, in `a`,
// unless `src` differs from `a` (then pass 0 reads src). `tmp` holds n keys.
static void radix_sort_u32(const unsigned* src, unsigned* a, unsigned* tmp, int n) {
    if (n <= 0) return;
    int tiles = (n + TILE - 1) / TILE;
    unsigned* table = nullptr;
    cudaMalloc(&table, sizeof(unsigned) * (size_t)RADIX * tiles);
    const unsigned* from = src;
    for (int pass = 0; pass < 4; ++pass) {
        unsigned* to = (pass % 2 == 0) ? tmp : a;
        int shift = pass * 8;
        digit_histogram<<<tiles, THREADS>>>(from, n, shift, table, tiles);
        exclusive_scan(table, RADIX * tiles);
        stable_scatter<<<tiles, THREADS>>>(from, to, n, shift, table, tiles);
        from = to;
    }
    cudaFree(table);
}

// Order-preserving map from float bits to unsigned keys: negatives get all bits flipped
// (so more negative -> smaller), non-negatives get the sign bit set.
__global__ void float_to_key(unsigned* v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned u = v[i];
        v[i] = (u & 0x80000000u) ? ~u : (u | 0x80000000u);
    }
}

__global__ void key_to_float(unsigned* v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned k = v[i];
        v[i] = (k & 0x80000000u) ? (k & 0x7fffffffu) : ~k;
    }
}

extern "C" void solve(float* data, int N) {
    if (N <= 1) return;
    unsigned* keys = reinterpret_cast<unsigned*>(data);
    unsigned* tmp = nullptr;
    cudaMalloc(&tmp, sizeof(unsigned) * (size_t)N);
    // BUG: sorts the raw IEEE bit patterns. Fine for non-negative floats, but negative numbers
    // have the sign bit set, so they land after the positives and in reversed order.
    radix_sort_u32(keys, keys, tmp, N);
    cudaFree(tmp);
}
