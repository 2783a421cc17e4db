from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    input: Pointer[Float32, MutAnyOrigin],
    weight: Pointer[Float32, MutAnyOrigin],
    bias: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    batch_size: Int32,
    input_size: Int32,
    output_size: Int32,
):
    var i = global_idx.x
    if i < Int(batch_size):
        pass  # TODO: compute element i


# input: input, device pointer, f32, shape [batch_size x input_size]
# weight: input, device pointer, f32, shape [output_size x input_size]
# bias: input, device pointer, f32, shape [output_size]
# output: output, device pointer, f32, shape [batch_size x output_size]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into output in place; outputs start zero-filled.
@export
def solve(
    input: Pointer[Float32, MutAnyOrigin],
    weight: Pointer[Float32, MutAnyOrigin],
    bias: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    batch_size: Int32,
    input_size: Int32,
    output_size: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            input, weight, bias, output, batch_size, input_size, output_size,
            grid_dim=ceildiv(Int(batch_size), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
