#include <cuda_runtime.h>

// The final centroid arrays serve as the working centroids. Every iteration:
//   1. assign: one thread per point, centroids staged in shared memory, strict '<' over
//      c = 0..k-1 so that ties keep the lowest index; writes labels.
//   2. accumulate: per-block sums in shared memory (double), then one global double
//      atomicAdd per block and cluster.
//   3. update: the mean, rounded to float, for every cluster with at least one point.

constexpr int THREADS = 256;
constexpr int MAX_K = 1000;

__device__ double g_sum_x[MAX_K];
__device__ double g_sum_y[MAX_K];
__device__ unsigned int g_count[MAX_K];

__global__ void clear_sums(int k) {
    for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < k; c += gridDim.x * blockDim.x) {
        g_sum_x[c] = 0.0;
        g_sum_y[c] = 0.0;
        g_count[c] = 0u;
    }
}

__global__ void assign(const float* __restrict__ x, const float* __restrict__ y,
                       const float* __restrict__ cx, const float* __restrict__ cy, int* labels,
                       int n, int k) {
    __shared__ float scx[MAX_K];
    __shared__ float scy[MAX_K];
    for (int c = threadIdx.x; c < k; c += blockDim.x) {
        scx[c] = cx[c];
        scy[c] = cy[c];
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float px = x[i], py = y[i];
    int best = 0;
    float best_d = 0.0f;
    for (int c = 0; c < k; ++c) {
        float dx = px - scx[c];
        float dy = py - scy[c];
        float d = dx * dx + dy * dy;
        if (c == 0 || d < best_d) {
            best_d = d;
            best = c;
        }
    }
    labels[i] = best;
}

__global__ void accumulate(const float* __restrict__ x, const float* __restrict__ y,
                           const int* __restrict__ labels, int n, int k) {
    __shared__ double sx[MAX_K];
    __shared__ double sy[MAX_K];
    __shared__ unsigned int cnt[MAX_K];
    for (int c = threadIdx.x; c < k; c += blockDim.x) {
        sx[c] = 0.0;
        sy[c] = 0.0;
        cnt[c] = 0u;
    }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int c = labels[i];
        atomicAdd(&sx[c], (double)x[i]);
        atomicAdd(&sy[c], (double)y[i]);
        atomicAdd(&cnt[c], 1u);
    }
    __syncthreads();
    for (int c = threadIdx.x; c < k; c += blockDim.x) {
        if (cnt[c] > 0u) {
            atomicAdd(&g_sum_x[c], sx[c]);
            atomicAdd(&g_sum_y[c], sy[c]);
            atomicAdd(&g_count[c], cnt[c]);
        }
    }
}

__global__ void update(float* cx, float* cy, int k) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= k) return;
    unsigned int m = g_count[c];
    if (m > 0u) {
        cx[c] = (float)(g_sum_x[c] / (double)m);
        cy[c] = (float)(g_sum_y[c] / (double)m);
    }
}

extern "C" void solve(const float* data_x, const float* data_y, int* labels, float* initial_centroid_x, float* initial_centroid_y, float* final_centroid_x, float* final_centroid_y, int sample_size, int k, int max_iterations) {
    cudaMemcpyAsync(final_centroid_x, initial_centroid_x, k * sizeof(float), cudaMemcpyDeviceToDevice);
    cudaMemcpyAsync(final_centroid_y, initial_centroid_y, k * sizeof(float), cudaMemcpyDeviceToDevice);
    int point_blocks = (sample_size + THREADS - 1) / THREADS;
    int acc_blocks = point_blocks < 256 ? point_blocks : 256;
    int k_blocks = (k + THREADS - 1) / THREADS;
    for (int it = 0; it < max_iterations; ++it) {
        clear_sums<<<k_blocks, THREADS>>>(k);
        assign<<<point_blocks, THREADS>>>(data_x, data_y, final_centroid_x, final_centroid_y,
                                          labels, sample_size, k);
        accumulate<<<acc_blocks, THREADS>>>(data_x, data_y, labels, sample_size, k);
        update<<<k_blocks, THREADS>>>(final_centroid_x, final_centroid_y, k);
    }
}
