from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    predictions: Pointer[Float32, MutAnyOrigin],
    targets: Pointer[Float32, MutAnyOrigin],
    mse: Pointer[Float32, MutAnyOrigin],
    N: Int32,
):
    var i = global_idx.x
    if i < Int(N):
        pass  # TODO: compute element i


# predictions: input, device pointer, f32, shape [N]
# targets: input, device pointer, f32, shape [N]
# mse: output, device pointer, f32, shape [1]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into mse in place; outputs start zero-filled.
@export
def solve(
    predictions: Pointer[Float32, MutAnyOrigin],
    targets: Pointer[Float32, MutAnyOrigin],
    mse: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            predictions, targets, mse, N,
            grid_dim=ceildiv(Int(N), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
