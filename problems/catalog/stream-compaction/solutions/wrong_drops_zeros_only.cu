#include <cuda_runtime.h>

// Bug: writes the kept elements in order (one warp, ballot + popc per 32 elements) but never
// writes the 0.0 tail out[k..N): it trusts the caller to have zero-filled `out`.
__global__ void compact_one_warp(const float* A, int N, float* out) {
    const int lane = threadIdx.x;
    int written = 0;
    for (int base = 0; base < N; base += 32) {
        int i = base + lane;
        float v = i < N ? A[i] : 0.0f;
        unsigned keep = __ballot_sync(0xffffffffu, v > 0.0f);
        if (v > 0.0f) out[written + __popc(keep & ((1u << lane) - 1u))] = v;
        written += __popc(keep);
    }
}

extern "C" void solve(const float* A, int N, float* out) {
    compact_one_warp<<<1, 32>>>(A, N, out);
}
