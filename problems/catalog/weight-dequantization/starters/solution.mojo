from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    X: Pointer[Float32, MutAnyOrigin],
    S: Pointer[Float32, MutAnyOrigin],
    Y: Pointer[Float32, MutAnyOrigin],
    M: Int32,
    N: Int32,
    TILE_SIZE: Int32,
):
    var i = global_idx.x
    if i < Int(M):
        pass  # TODO: compute element i


# X: input, device pointer, f32, shape [M x N]
# S: input, device pointer, f32, shape [cdiv(M, TILE_SIZE) x cdiv(N, TILE_SIZE)]
# Y: output, device pointer, f32, shape [M x N]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into Y in place; outputs start zero-filled.
@export
def solve(
    X: Pointer[Float32, MutAnyOrigin],
    S: Pointer[Float32, MutAnyOrigin],
    Y: Pointer[Float32, MutAnyOrigin],
    M: Int32,
    N: Int32,
    TILE_SIZE: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            X, S, Y, M, N, TILE_SIZE,
            grid_dim=ceildiv(Int(M), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
