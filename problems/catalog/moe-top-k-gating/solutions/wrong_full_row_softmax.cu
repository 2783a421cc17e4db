#include <cuda_runtime.h>

// Bug: the weights are the softmax over all E logits of the row, gathered at the top-k
// positions, instead of a softmax over the k selected logits only (they do not sum to 1).
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
            if (best < 0 || v > best_v) {
                best = j;
                best_v = v;
            }
        }
        id[r] = best;
        w[r] = best_v;
        prev_v = best_v;
        prev_i = best;
    }
    float top = w[0];
    float sum = 0.0f;
    for (int j = 0; j < E; ++j) sum += expf(x[j] - top);
    for (int r = 0; r < k; ++r) w[r] = expf(w[r] - top) / sum;
}

extern "C" void solve(const float* logits, float* topk_weights, int* topk_indices, int M, int E,
                      int k) {
    int threads = 128;
    int blocks = (M + threads - 1) / threads;
    gate_kernel<<<blocks, threads>>>(logits, topk_weights, topk_indices, M, E, k);
}
