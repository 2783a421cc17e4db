#include <cuda_runtime.h>

// Bug: compacts away the zeros only (the textbook "remove zeros" compaction, v != 0), so the
// negative values are kept as well although only strictly positive ones belong in out.
// Leaving the tail alone is fine: out arrives zero-filled.
__global__ void compact_one_warp(const float* A, int N, float* out) {
    const int lane = threadIdx.x;
    int written = 0;
    for (int base = 0; base < N; base += 32) {
        int i = base + lane;
        float v = i < N ? A[i] : 0.0f;
        bool kept = v != 0.0f;  // bug: should be v > 0.0f
        unsigned keep = __ballot_sync(0xffffffffu, kept);
        if (kept) out[written + __popc(keep & ((1u << lane) - 1u))] = v;
        written += __popc(keep);
    }
}

extern "C" void solve(const float* A, int N, float* out) {
    compact_one_warp<<<1, 32>>>(A, N, out);
}
