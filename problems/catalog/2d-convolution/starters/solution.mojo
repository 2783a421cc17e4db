from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    input: Pointer[Float32, MutAnyOrigin],
    kernel: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    input_rows: Int32,
    input_cols: Int32,
    kernel_rows: Int32,
    kernel_cols: Int32,
):
    var i = global_idx.x
    if i < Int(input_rows):
        pass  # TODO: compute element i


# input: input, device pointer, f32, shape [input_rows x input_cols]
# kernel: input, device pointer, f32, shape [kernel_rows x kernel_cols]
# output: output, device pointer, f32, shape [input_rows - kernel_rows + 1 x input_cols - kernel_cols + 1]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into output in place; outputs start zero-filled.
@export
def solve(
    input: Pointer[Float32, MutAnyOrigin],
    kernel: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    input_rows: Int32,
    input_cols: Int32,
    kernel_rows: Int32,
    kernel_cols: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols,
            grid_dim=ceildiv(Int(input_rows), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
