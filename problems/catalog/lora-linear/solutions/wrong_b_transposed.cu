#include <cuda_runtime.h>

#define TILE 16
#define KC 32

// Bug: B is read as a [rank, d_out] matrix although it is stored [d_out, rank].
// Kernel 1: t = x A^T  ([batch, rank]), one thread per element.
__global__ void down_proj(const float* x, const float* A, float* t, int batch, int d_in,
                          int rank) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= batch * rank) return;
    int b = idx / rank, r = idx % rank;
    const float* xr = x + (size_t)b * d_in;
    const float* ar = A + (size_t)r * d_in;
    float acc = 0.0f;
    for (int i = 0; i < d_in; ++i) acc += xr[i] * ar[i];
    t[idx] = acc;
}

// Kernel 2: output = x W^T + lora_scale * t B^T, a 16x16 output tile per block; x and W rows
// are staged in shared memory 32 columns at a time (zero past d_in).
__global__ void base_plus_lora(const float* x, const float* W, const float* B, const float* t,
                               float* output, int batch, int d_in, int d_out, int rank,
                               float lora_scale) {
    __shared__ float xs[TILE][KC + 1];
    __shared__ float ws[TILE][KC + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TILE + tx;
    const int o = blockIdx.x * TILE + tx;
    const int b = blockIdx.y * TILE + ty;
    float acc = 0.0f;
    for (int k0 = 0; k0 < d_in; k0 += KC) {
        for (int e = tid; e < TILE * KC; e += TILE * TILE) {
            int r = e / KC, c = e % KC;
            int gb = blockIdx.y * TILE + r, go = blockIdx.x * TILE + r, gk = k0 + c;
            xs[r][c] = (gb < batch && gk < d_in) ? x[(size_t)gb * d_in + gk] : 0.0f;
            ws[r][c] = (go < d_out && gk < d_in) ? W[(size_t)go * d_in + gk] : 0.0f;
        }
        __syncthreads();
        for (int c = 0; c < KC; ++c) acc += xs[ty][c] * ws[tx][c];
        __syncthreads();
    }
    if (b < batch && o < d_out) {
        float low = 0.0f;
        const float* tr = t + (size_t)b * rank;
        const float* br = B + o;
        for (int r = 0; r < rank; ++r) low += tr[r] * br[(size_t)r * d_out];  // reads B as if it were [rank, d_out]
        output[(size_t)b * d_out + o] = acc + lora_scale * low;
    }
}

extern "C" void solve(const float* x, const float* W, const float* A, const float* B,
                      float* output, int batch, int d_in, int d_out, int rank, float lora_scale) {
    static float* t = nullptr;
    static size_t cap = 0;
    size_t need = (size_t)batch * rank;
    if (need > cap) {
        if (t) cudaFree(t);
        cudaMalloc(&t, need * sizeof(float));
        cap = need;
    }
    int threads = 256;
    down_proj<<<(int)((need + threads - 1) / threads), threads>>>(x, A, t, batch, d_in, rank);
    dim3 block(TILE, TILE);
    dim3 grid((d_out + TILE - 1) / TILE, (batch + TILE - 1) / TILE);
    base_plus_lora<<<grid, block>>>(x, W, B, t, output, batch, d_in, d_out, rank, lora_scale);
}
