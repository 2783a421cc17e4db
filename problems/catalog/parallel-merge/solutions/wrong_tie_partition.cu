#include <cuda_runtime.h>

// Bug: the diagonal search sends ties to B (strict <) while the sequential merge sends them
// to A (<=). Where a partition boundary falls inside a run of equal values in both arrays,
// neighbouring threads disagree and some values are emitted twice, others never.
#define ITEMS 8

__global__ void merge_path(const float* A, const float* B, float* C, int M, int N) {
    long long total = (long long)M + N;
    long long d = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
    if (d >= total) return;
    int lo = d > N ? (int)(d - N) : 0, hi = d < M ? (int)d : M;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (A[mid] < B[d - 1 - mid]) lo = mid + 1;
        else hi = mid;
    }
    int i = lo, j = (int)(d - lo);
    for (long long k = d; k < d + ITEMS && k < total; ++k) {
        if (j >= N || (i < M && A[i] <= B[j])) C[k] = A[i++];
        else C[k] = B[j++];
    }
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N) {
    long long total = (long long)M + N;
    int blocks = (int)(((total + ITEMS - 1) / ITEMS + 255) / 256);
    merge_path<<<blocks, 256>>>(A, B, C, M, N);
}
