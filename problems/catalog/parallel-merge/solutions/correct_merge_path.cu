#include <cuda_runtime.h>

// Merge path: thread t produces outputs [t*ITEMS, (t+1)*ITEMS). A binary search on the
// cross diagonal finds how many of those come from A and B, then the thread merges
// sequentially. Ties go to A both in the search and in the merge, so partitions agree.
#define ITEMS 8

__device__ __forceinline__ int diagonal_split(const float* A, int M, const float* B, int N,
                                              long long d) {
    int lo = (int)(d > N ? d - N : 0);
    int hi = (int)(d < M ? d : M);
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        // Take A[mid] before B[d - 1 - mid] when A[mid] <= B[d - 1 - mid].
        if (A[mid] <= B[d - 1 - mid]) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

__global__ void merge_path(const float* __restrict__ A, const float* __restrict__ B,
                           float* __restrict__ C, int M, int N) {
    const long long total = (long long)M + N;
    const long long d = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
    if (d >= total) return;
    int i = diagonal_split(A, M, B, N, d);
    int j = (int)(d - i);
    long long end = d + ITEMS < total ? d + ITEMS : total;
    for (long long k = d; k < end; ++k) {
        bool take_a = j >= N || (i < M && A[i] <= B[j]);
        C[k] = take_a ? A[i++] : B[j++];
    }
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N) {
    long long total = (long long)M + N;
    long long threads_needed = (total + ITEMS - 1) / ITEMS;
    int threads = 256;
    int blocks = (int)((threads_needed + threads - 1) / threads);
    merge_path<<<blocks, threads>>>(A, B, C, M, N);
}
