#include <cuda_runtime.h>

#define TILE 16

// Bug: SiLU is applied to the up projection and the gate projection is the linear factor.
// h = SiLU(x W_gate) * (x W_up), a 16x16 tile of h per block; x, W_gate and W_up are staged
// in shared memory 16 columns of d_model at a time (zero past the edges).
__global__ void gate_up(const float* x, const float* Wg, const float* Wu, float* h, int M,
                        int d_model, int d_ffn) {
    __shared__ float xs[TILE][TILE + 1];
    __shared__ float gs[TILE][TILE + 1];
    __shared__ float us[TILE][TILE + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int f = blockIdx.x * TILE + tx;
    const int m = blockIdx.y * TILE + ty;
    float g = 0.0f, u = 0.0f;
    for (int k0 = 0; k0 < d_model; k0 += TILE) {
        int kx = k0 + tx, kw = k0 + ty;
        xs[ty][tx] = (m < M && kx < d_model) ? x[(size_t)m * d_model + kx] : 0.0f;
        bool okw = (kw < d_model && f < d_ffn);
        gs[ty][tx] = okw ? Wg[(size_t)kw * d_ffn + f] : 0.0f;
        us[ty][tx] = okw ? Wu[(size_t)kw * d_ffn + f] : 0.0f;
        __syncthreads();
        for (int c = 0; c < TILE; ++c) {
            g += xs[ty][c] * gs[c][tx];
            u += xs[ty][c] * us[c][tx];
        }
        __syncthreads();
    }
    if (m < M && f < d_ffn) {
        float silu = u / (1.0f + expf(-u));
        h[(size_t)m * d_ffn + f] = silu * g;
    }
}

// C[M, N] = A[M, K] B[K, N], 16x16 tiles.
__global__ void matmul_nn(const float* A, const float* B, float* C, int M, int K, int N) {
    __shared__ float as[TILE][TILE + 1];
    __shared__ float bs[TILE][TILE + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int n = blockIdx.x * TILE + tx;
    const int m = blockIdx.y * TILE + ty;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        int ka = k0 + tx, kb = k0 + ty;
        as[ty][tx] = (m < M && ka < K) ? A[(size_t)m * K + ka] : 0.0f;
        bs[ty][tx] = (kb < K && n < N) ? B[(size_t)kb * N + n] : 0.0f;
        __syncthreads();
        for (int c = 0; c < TILE; ++c) acc += as[ty][c] * bs[c][tx];
        __syncthreads();
    }
    if (m < M && n < N) C[(size_t)m * N + n] = acc;
}

extern "C" void solve(const float* x, const float* W_gate, const float* W_up, const float* W_down,
                      float* output, int M, int d_model, int d_ffn) {
    static float* h = nullptr;
    static size_t cap = 0;
    size_t need = (size_t)M * d_ffn;
    if (need > cap) {
        if (h) cudaFree(h);
        cudaMalloc(&h, need * sizeof(float));
        cap = need;
    }
    dim3 block(TILE, TILE);
    dim3 grid1((d_ffn + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    gate_up<<<grid1, block>>>(x, W_gate, W_up, h, M, d_model, d_ffn);
    dim3 grid2((d_model + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul_nn<<<grid2, block>>>(h, W_down, output, M, d_ffn, d_model);
}
