#include <cuda_runtime.h>

// Bug: the number of threads is total / ITEMS rounded down, so when M + N is not a multiple
// of ITEMS the last (M + N) % ITEMS outputs are never written.
#define ITEMS 8

__global__ void merge_path(const float* A, const float* B, float* C, int M, int N) {
    long long total = (long long)M + N;
    long long d = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
    if (d >= total) return;
    int lo = d > N ? (int)(d - N) : 0, hi = d < M ? (int)d : M;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (A[mid] <= B[d - 1 - mid]) lo = mid + 1;
        else hi = mid;
    }
    int i = lo, j = (int)(d - lo);
    for (long long k = d; k < d + ITEMS && k < total; ++k) {
        if (j >= N || (i < M && A[i] <= B[j])) C[k] = A[i++];
        else C[k] = B[j++];
    }
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N) {
    long long threads_needed = ((long long)M + N) / ITEMS;
    int blocks = (int)((threads_needed + 255) / 256);
    if (blocks > 0) merge_path<<<blocks, 256>>>(A, B, C, M, N);
}
