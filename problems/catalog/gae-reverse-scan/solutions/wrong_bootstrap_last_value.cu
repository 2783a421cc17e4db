#include <cuda_runtime.h>

// Bug: clamps the next index instead of using a zero value after the last step, so the last
// step bootstraps from its own value: delta_{S-1} = r + gamma * V_{S-1} - V_{S-1}.
// One thread per row, plain reverse loop otherwise.

__global__ void gae_rows(const float* __restrict__ rewards, const float* __restrict__ values,
                         float* __restrict__ adv, float gamma, float c, int B, int S) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= B) return;
    const long long row = (long long)b * S;
    float acc = 0.0f;
    for (int t = S - 1; t >= 0; --t) {
        int nt = min(t + 1, S - 1);
        float delta = rewards[row + t] + gamma * values[row + nt] - values[row + t];
        acc = delta + c * acc;
        adv[row + t] = acc;
    }
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B, int S) {
    int threads = 64;
    gae_rows<<<(B + threads - 1) / threads, threads>>>(rewards, values, advantages, gamma,
                                                       gamma * lam, B, S);
}
