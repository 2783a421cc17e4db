#include <cuda_runtime.h>

// One thread per row. The r-th pick is the largest entry that comes after the (r-1)-th pick in
// the order (value descending, index ascending), so no per-row scratch array is needed.
__global__ void gate_kernel(const float* logits, float* topk_weights, int* topk_indices, int M,
                            int E, int k) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= M) return;
    const float* x = logits + (size_t)row * E;
    float* w = topk_weights + (size_t)row * k;
    int* id = topk_indices + (size_t)row * k;

    float prev_v = 0.0f;
    int prev_i = -1;
    for (int r = 0; r < k; ++r) {
        int best = -1;
        float best_v = 0.0f;
        for (int j = 0; j < E; ++j) {
            float v = x[j];
            bool eligible = (prev_i < 0) || (v < prev_v) || (v == prev_v && j > prev_i);
            if (!eligible) continue;
            if (best < 0 || v > best_v) {  // strict: equal values keep the lower index
                best = j;
                best_v = v;
            }
        }
        id[r] = best;
        w[r] = best_v;  // value for now, turned into a weight below
        prev_v = best_v;
        prev_i = best;
    }
    float top = w[0];
    float sum = 0.0f;
    for (int r = 0; r < k; ++r) {
        float e = expf(w[r] - top);
        w[r] = e;
        sum += e;
    }
    float inv = 1.0f / sum;
    for (int r = 0; r < k; ++r) w[r] *= inv;
}

extern "C" void solve(const float* logits, float* topk_weights, int* topk_indices, int M, int E,
                      int k) {
    int threads = 128;
    int blocks = (M + threads - 1) / threads;
    gate_kernel<<<blocks, threads>>>(logits, topk_weights, topk_indices, M, E, k);
}
