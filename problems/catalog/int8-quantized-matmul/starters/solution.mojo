from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    A: Pointer[Int8, MutAnyOrigin],
    B: Pointer[Int8, MutAnyOrigin],
    C: Pointer[Int8, MutAnyOrigin],
    M: Int32,
    N: Int32,
    K: Int32,
    scale_A: Float32,
    scale_B: Float32,
    scale_C: Float32,
    zero_point_A: Int32,
    zero_point_B: Int32,
    zero_point_C: Int32,
):
    var i = global_idx.x
    if i < Int(M):
        pass  # TODO: compute element i


# A: input, device pointer, i8, shape [M x K]
# B: input, device pointer, i8, shape [K x N]
# C: output, device pointer, i8, shape [M x N]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into C in place; outputs start zero-filled.
@export
def solve(
    A: Pointer[Int8, MutAnyOrigin],
    B: Pointer[Int8, MutAnyOrigin],
    C: Pointer[Int8, MutAnyOrigin],
    M: Int32,
    N: Int32,
    K: Int32,
    scale_A: Float32,
    scale_B: Float32,
    scale_C: Float32,
    zero_point_A: Int32,
    zero_point_B: Int32,
    zero_point_C: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            A, B, C, M, N, K, scale_A, scale_B, scale_C, zero_point_A, zero_point_B, zero_point_C,
            grid_dim=ceildiv(Int(M), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
