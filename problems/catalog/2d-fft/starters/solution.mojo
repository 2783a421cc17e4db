from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    signal: Pointer[Float32, MutAnyOrigin],
    spectrum: Pointer[Float32, MutAnyOrigin],
    M: Int32,
    N: Int32,
):
    var i = global_idx.x
    if i < Int(M):
        pass  # TODO: compute element i


# signal: input, device pointer, f32, shape [M x N x 2]
# spectrum: output, device pointer, f32, shape [M x N x 2]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into spectrum in place; outputs start zero-filled.
@export
def solve(
    signal: Pointer[Float32, MutAnyOrigin],
    spectrum: Pointer[Float32, MutAnyOrigin],
    M: Int32,
    N: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            signal, spectrum, M, N,
            grid_dim=ceildiv(Int(M), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
