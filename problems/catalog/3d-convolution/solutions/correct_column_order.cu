#include <cuda_runtime.h>

// One thread per output, a different summation order: kernel columns b outermost, then rows a,
// then planes p, with one partial sum per kernel column added to the total afterwards.
// The kernel sits in shared memory; input reads go through the read-only cache.

constexpr int KMAX = 5;

__global__ void conv3d_direct(const float* __restrict__ in, const float* __restrict__ k,
                              float* __restrict__ out, int D, int R, int C, int KD, int KR, int KC) {
    __shared__ float ks[KMAX * KMAX * KMAX];
    int tid = threadIdx.y * blockDim.x + threadIdx.x;
    for (int i = tid; i < KD * KR * KC; i += blockDim.x * blockDim.y) ks[i] = k[i];
    __syncthreads();
    int OD = D - KD + 1, OR = R - KR + 1, OC = C - KC + 1;
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (r >= OR || c >= OC || z >= OD) return;
    float total = 0.0f;
    for (int b = 0; b < KC; ++b) {
        float col = 0.0f;
        for (int a = 0; a < KR; ++a)
            for (int p = 0; p < KD; ++p)
                col = fmaf(__ldg(&in[((long long)(z + p) * R + r + a) * C + c + b]), ks[(p * KR + a) * KC + b], col);
        total += col;
    }
    out[((long long)z * OR + r) * OC + c] = total;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth,
                      int input_rows, int input_cols, int kernel_depth, int kernel_rows,
                      int kernel_cols) {
    int OD = input_depth - kernel_depth + 1, OR = input_rows - kernel_rows + 1;
    int OC = input_cols - kernel_cols + 1;
    dim3 block(32, 8);
    dim3 grid((OC + 31) / 32, (OR + 7) / 8, OD);
    conv3d_direct<<<grid, block>>>(input, kernel, output, input_depth, input_rows, input_cols,
                                   kernel_depth, kernel_rows, kernel_cols);
}
