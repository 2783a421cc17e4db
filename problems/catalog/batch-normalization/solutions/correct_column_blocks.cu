#include <cuda_runtime.h>

// Each block owns 32 adjacent columns; its 8 warps split the rows (warp w takes rows
// w, w+8, ...), so every warp reads 32 consecutive floats per row (coalesced).
// Pass 1: column sums -> mean. Pass 2: sums of squared deviations -> biased variance.
// Pass 3: normalise. Partial sums of the 8 warps are combined in shared memory.
#define COLS 32
#define ROWGROUPS 8

__global__ void __launch_bounds__(COLS * ROWGROUPS)
batch_norm_columns(const float* __restrict__ x, const float* __restrict__ gamma,
                   const float* __restrict__ beta, float* __restrict__ out, int N, int C,
                   float eps) {
    __shared__ float part[ROWGROUPS][COLS];
    __shared__ float mean_s[COLS], scale_s[COLS];
    const int lane = threadIdx.x, grp = threadIdx.y;
    const int c = blockIdx.x * COLS + lane;
    const bool valid = c < C;

    float s = 0.0f;
    if (valid)
        for (int n = grp; n < N; n += ROWGROUPS) s += x[(size_t)n * C + c];
    part[grp][lane] = s;
    __syncthreads();
    if (grp == 0) {
        float t = 0.0f;
        for (int g = 0; g < ROWGROUPS; ++g) t += part[g][lane];
        mean_s[lane] = t / (float)N;
    }
    __syncthreads();
    const float mu = mean_s[lane];

    float q = 0.0f;
    if (valid)
        for (int n = grp; n < N; n += ROWGROUPS) {
            float d = x[(size_t)n * C + c] - mu;
            q = fmaf(d, d, q);
        }
    part[grp][lane] = q;
    __syncthreads();
    if (grp == 0) {
        float t = 0.0f;
        for (int g = 0; g < ROWGROUPS; ++g) t += part[g][lane];
        scale_s[lane] = valid ? gamma[c] * rsqrtf(t / (float)N + eps) : 0.0f;
    }
    __syncthreads();
    if (!valid) return;
    const float sc = scale_s[lane], b = beta[c];
    for (int n = grp; n < N; n += ROWGROUPS) {
        size_t i = (size_t)n * C + c;
        out[i] = fmaf(x[i] - mu, sc, b);
    }
}

extern "C" void solve(const float* input, const float* gamma, const float* beta,
                      float* output, int N, int C, float eps) {
    dim3 block(COLS, ROWGROUPS);
    dim3 grid((C + COLS - 1) / COLS);
    batch_norm_columns<<<grid, block>>>(input, gamma, beta, output, N, C, eps);
}
