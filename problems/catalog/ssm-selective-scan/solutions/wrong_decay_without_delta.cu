#include <cuda_runtime.h>

#define MAX_STATE 64

// Bug: the decay is exp(A) instead of exp(delta * A) (the step size is left out of the
// discretisation of A).
// One thread per (batch, channel): it walks the sequence and keeps the d_state values of its
// state in registers/local memory. Neighbouring threads are neighbouring channels, so the loads
// of u, delta and y are coalesced; B and C rows are shared by the whole batch entry.
__global__ void selective_scan(const float* u, const float* delta, const float* A, const float* B,
                               const float* C, const float* skip, float* y, int batch,
                               int seq_len, int d_model, int d_state) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= batch * d_model) return;
    int b = idx / d_model, d = idx % d_model;
    float h[MAX_STATE];
    float a[MAX_STATE];
    for (int n = 0; n < d_state; ++n) {
        h[n] = 0.0f;
        a[n] = A[(size_t)d * d_state + n];
    }
    const float s = skip[d];
    for (int t = 0; t < seq_len; ++t) {
        size_t row = (size_t)b * seq_len + t;
        float x = u[row * d_model + d];
        float dt = delta[row * d_model + d];
        const float* Bt = B + row * d_state;
        const float* Ct = C + row * d_state;
        float acc = 0.0f;
        for (int n = 0; n < d_state; ++n) {
            h[n] = expf(a[n]) * h[n] + dt * Bt[n] * x;
            acc += Ct[n] * h[n];
        }
        y[row * d_model + d] = acc + s * x;
    }
}

extern "C" void solve(const float* u, const float* delta, const float* A, const float* B,
                      const float* C, const float* skip, float* y, int batch, int seq_len,
                      int d_model, int d_state) {
    int threads = 128;
    int blocks = (batch * d_model + threads - 1) / threads;
    selective_scan<<<blocks, threads>>>(u, delta, A, B, C, skip, y, batch, seq_len, d_model,
                                         d_state);
}
