#include <cuda_runtime.h>

__global__ void solve_kernel(const float* data_x, const float* data_y, int* labels, float* initial_centroid_x, float* initial_centroid_y, float* final_centroid_x, float* final_centroid_y, int sample_size, int k, int max_iterations) {
    // TODO: one thread per element, for example:
    // int i = blockIdx.x * blockDim.x + threadIdx.x;
}

// data_x: input, device pointer, f32, shape [sample_size]
// data_y: input, device pointer, f32, shape [sample_size]
// labels: output, device pointer, i32, shape [sample_size]
// initial_centroid_x: input (read-only: leave it unchanged), device pointer, f32, shape [k]
// initial_centroid_y: input (read-only: leave it unchanged), device pointer, f32, shape [k]
// final_centroid_x: output, device pointer, f32, shape [k]
// final_centroid_y: output, device pointer, f32, shape [k]
// Write the result into labels, final_centroid_x, final_centroid_y in place.
extern "C" void solve(const float* data_x, const float* data_y, int* labels, float* initial_centroid_x, float* initial_centroid_y, float* final_centroid_x, float* final_centroid_y, int sample_size, int k, int max_iterations) {
    int threads = 256;
    int blocks = (sample_size + threads - 1) / threads;
    solve_kernel<<<blocks, threads>>>(data_x, data_y, labels, initial_centroid_x, initial_centroid_y, final_centroid_x, final_centroid_y, sample_size, k, max_iterations);
}
