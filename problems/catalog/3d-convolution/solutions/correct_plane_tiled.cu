#include <cuda_runtime.h>

// A 32x8 block computes a 32x8 (cols x rows) output tile for DZ consecutive output planes.
// It streams the input planes z0 .. z0+DZ+KD-2 through shared memory (tile + halo) once each;
// every input plane is applied to all the output planes it contributes to. For every output
// the sum runs over kernel planes p in increasing order, rows a, then columns b.

constexpr int KMAX = 5, TW = 32, TH = 8, DZ = 4;
__constant__ float c_k[KMAX * KMAX * KMAX];

__global__ void conv3d_tiled(const float* __restrict__ in, float* __restrict__ out, int D, int R,
                             int C, int KD, int KR, int KC) {
    __shared__ float tile[TH + KMAX - 1][TW + KMAX - 1];
    int OD = D - KD + 1, OR = R - KR + 1, OC = C - KC + 1;
    int c0 = blockIdx.x * TW, r0 = blockIdx.y * TH, z0 = blockIdx.z * DZ;
    int tx = threadIdx.x, ty = threadIdx.y;
    float acc[DZ] = {};
    int zlast = min(z0 + DZ, OD) - 1 + KD - 1;
    for (int zi = z0; zi <= zlast; ++zi) {
        for (int y = ty; y < TH + KR - 1; y += TH)
            for (int x = tx; x < TW + KC - 1; x += TW) {
                int r = r0 + y, c = c0 + x;
                tile[y][x] = (r < R && c < C) ? in[((long long)zi * R + r) * C + c] : 0.0f;
            }
        __syncthreads();
#pragma unroll
        for (int j = 0; j < DZ; ++j) {
            int p = zi - (z0 + j);  // kernel plane that maps input plane zi to output plane z0+j
            if (p < 0 || p >= KD) continue;
            float s = acc[j];
            for (int a = 0; a < KR; ++a)
                for (int b = 0; b < KC; ++b) s = fmaf(tile[ty + a][tx + b], c_k[(p * KR + a) * KC + b], s);
            acc[j] = s;
        }
        __syncthreads();
    }
    int r = r0 + ty, c = c0 + tx;
    if (r < OR && c < OC)
        for (int j = 0; j < DZ; ++j)
            if (z0 + j < OD) out[((long long)(z0 + j) * OR + r) * OC + c] = acc[j];
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth,
                      int input_rows, int input_cols, int kernel_depth, int kernel_rows,
                      int kernel_cols) {
    cudaMemcpyToSymbolAsync(c_k, kernel, sizeof(float) * kernel_depth * kernel_rows * kernel_cols, 0,
                            cudaMemcpyDeviceToDevice);
    int OD = input_depth - kernel_depth + 1, OR = input_rows - kernel_rows + 1;
    int OC = input_cols - kernel_cols + 1;
    dim3 block(TW, TH);
    dim3 grid((OC + TW - 1) / TW, (OR + TH - 1) / TH, (OD + DZ - 1) / DZ);
    conv3d_tiled<<<grid, block>>>(input, output, input_depth, input_rows, input_cols, kernel_depth,
                                  kernel_rows, kernel_cols);
}
