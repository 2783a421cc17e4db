from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    x: Pointer[Float16, MutAnyOrigin],
    w_q: Pointer[UInt8, MutAnyOrigin],
    scales: Pointer[Float16, MutAnyOrigin],
    y: Pointer[Float16, MutAnyOrigin],
    M: Int32,
    N: Int32,
    K: Int32,
    group_size: Int32,
):
    var i = global_idx.x
    if i < Int(M):
        pass  # TODO: compute element i


# x: input, device pointer, f16, shape [M x K]
# w_q: input, device pointer, u8, shape [N x K//2]
# scales: input, device pointer, f16, shape [N x K//group_size]
# y: output, device pointer, f16, shape [M x N]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into y in place; outputs start zero-filled.
@export
def solve(
    x: Pointer[Float16, MutAnyOrigin],
    w_q: Pointer[UInt8, MutAnyOrigin],
    scales: Pointer[Float16, MutAnyOrigin],
    y: Pointer[Float16, MutAnyOrigin],
    M: Int32,
    N: Int32,
    K: Int32,
    group_size: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            x, w_q, scales, y, M, N, K, group_size,
            grid_dim=ceildiv(Int(M), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
