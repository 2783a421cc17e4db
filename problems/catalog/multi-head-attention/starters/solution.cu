#include <cuda_runtime.h>

// Q, K, V, output: [N, d_model] row-major; head g owns columns [g*dk, (g+1)*dk), dk = d_model/h.
__global__ void mha_kernel(const float* Q, const float* K, const float* V, float* output,
                           int N, int d_model, int h) {
    // TODO: for each head and query row, softmax(q . k / sqrt(dk)) over the N keys, times V.
}

// Q, K, V, output are device pointers.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int N,
                      int d_model, int h) {
    dim3 grid(N, h);
    mha_kernel<<<grid, 128>>>(Q, K, V, output, N, d_model, h);
}
