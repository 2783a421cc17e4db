// problem: relu
// A kernel templated on the element type, the items per thread and a functor type.
#include <cuda_runtime.h>

template <typename T>
struct Relu {
    __device__ T operator()(T x) const { return x > T(0) ? x : T(0); }
};

template <typename T, int ITEMS, typename Op>
__global__ void map_kernel(const T* __restrict__ in, T* __restrict__ out, int n, Op op) {
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        int i = base + k;
        if (i < n) out[i] = op(in[i]);
    }
}

template <typename T, int ITEMS>
void launch_map(const T* in, T* out, int n) {
    const int threads = 128;
    int per_block = threads * ITEMS;
    map_kernel<T, ITEMS, Relu<T>><<<(n + per_block - 1) / per_block, threads>>>(in, out, n, Relu<T>());
}

extern "C" void solve(const float* input, float* output, int N) {
    launch_map<float, 4>(input, output, N);
    cudaDeviceSynchronize();
}
