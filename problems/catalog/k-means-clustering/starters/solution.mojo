from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    data_x: Pointer[Float32, MutAnyOrigin],
    data_y: Pointer[Float32, MutAnyOrigin],
    labels: Pointer[Int32, MutAnyOrigin],
    initial_centroid_x: Pointer[Float32, MutAnyOrigin],
    initial_centroid_y: Pointer[Float32, MutAnyOrigin],
    final_centroid_x: Pointer[Float32, MutAnyOrigin],
    final_centroid_y: Pointer[Float32, MutAnyOrigin],
    sample_size: Int32,
    k: Int32,
    max_iterations: Int32,
):
    var i = global_idx.x
    if i < Int(sample_size):
        pass  # TODO: compute element i


# data_x: input, device pointer, f32, shape [sample_size]
# data_y: input, device pointer, f32, shape [sample_size]
# labels: output, device pointer, i32, shape [sample_size]
# initial_centroid_x: input and output, device pointer, f32, shape [k]
# initial_centroid_y: input and output, device pointer, f32, shape [k]
# final_centroid_x: output, device pointer, f32, shape [k]
# final_centroid_y: output, device pointer, f32, shape [k]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into labels, initial_centroid_x, initial_centroid_y, final_centroid_x, final_centroid_y in place; outputs start zero-filled.
@export
def solve(
    data_x: Pointer[Float32, MutAnyOrigin],
    data_y: Pointer[Float32, MutAnyOrigin],
    labels: Pointer[Int32, MutAnyOrigin],
    initial_centroid_x: Pointer[Float32, MutAnyOrigin],
    initial_centroid_y: Pointer[Float32, MutAnyOrigin],
    final_centroid_x: Pointer[Float32, MutAnyOrigin],
    final_centroid_y: Pointer[Float32, MutAnyOrigin],
    sample_size: Int32,
    k: Int32,
    max_iterations: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            data_x,
            data_y,
            labels,
            initial_centroid_x,
            initial_centroid_y,
            final_centroid_x,
            final_centroid_y,
            sample_size,
            k,
            max_iterations,
            grid_dim=ceildiv(Int(sample_size), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
