import cutlass
import cutlass.cute as cute


# data_x: input, cute.Tensor on the GPU, f32, shape [sample_size]
# data_y: input, cute.Tensor on the GPU, f32, shape [sample_size]
# labels: output, cute.Tensor on the GPU, i32, shape [sample_size]
# initial_centroid_x: input and output, cute.Tensor on the GPU, f32, shape [k]
# initial_centroid_y: input and output, cute.Tensor on the GPU, f32, shape [k]
# final_centroid_x: output, cute.Tensor on the GPU, f32, shape [k]
# final_centroid_y: output, cute.Tensor on the GPU, f32, shape [k]
# Write the result into labels, initial_centroid_x, initial_centroid_y, final_centroid_x, final_centroid_y in place (launch kernels from solve).
@cute.jit
def solve(
    data_x: cute.Tensor,
    data_y: cute.Tensor,
    labels: cute.Tensor,
    initial_centroid_x: cute.Tensor,
    initial_centroid_y: cute.Tensor,
    final_centroid_x: cute.Tensor,
    final_centroid_y: cute.Tensor,
    sample_size: cute.Int32,
    k: cute.Int32,
    max_iterations: cute.Int32,
):
    pass
