#include <cuda_runtime.h>

// One block per row. The row is cut into THREADS contiguous segments, one per thread.
// 1. Each thread runs the reverse recursion over its segment with a zero carry-in, writing
//    the partial advantages, and records the segment's head value and c^len.
// 2. Thread 0 walks the THREADS segments from the last to the first and turns the heads into
//    carry-ins (the true advantage just after each segment).
// 3. Each thread adds c^(end - t) * carry_in to every partial value of its segment.

constexpr int THREADS = 256;

__global__ void gae_rows(const float* __restrict__ rewards, const float* __restrict__ values,
                         float* __restrict__ adv, float gamma, float c, int S) {
    __shared__ float head[THREADS];
    __shared__ float decay[THREADS];
    __shared__ float carry[THREADS];
    const long long row = (long long)blockIdx.x * S;
    const float* r = rewards + row;
    const float* v = values + row;
    float* a = adv + row;

    int seg = (S + THREADS - 1) / THREADS;
    int begin = threadIdx.x * seg;
    int end = min(begin + seg, S);

    float acc = 0.0f, pw = 1.0f;
    for (int t = end - 1; t >= begin; --t) {  // empty when begin >= S
        float next_v = (t + 1 < S) ? v[t + 1] : 0.0f;
        float delta = r[t] + gamma * next_v - v[t];
        acc = delta + c * acc;
        a[t] = acc;
        pw *= c;
    }
    head[threadIdx.x] = acc;
    decay[threadIdx.x] = pw;
    __syncthreads();

    if (threadIdx.x == 0) {
        float after = 0.0f;  // advantage at the first index after segment j
        for (int j = THREADS - 1; j >= 0; --j) {
            carry[j] = after;
            after = head[j] + decay[j] * after;
        }
    }
    __syncthreads();

    float cin = carry[threadIdx.x];
    float f = c;
    for (int t = end - 1; t >= begin; --t) {
        a[t] += f * cin;
        f *= c;
    }
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B, int S) {
    float c = (float)((double)gamma * (double)lam);
    gae_rows<<<B, THREADS>>>(rewards, values, advantages, gamma, c, S);
}
