# One thread per element; the grid rounds up so the last, partial block covers the tail.
from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def vector_add(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
):
    var i: Int = global_idx.x
    if i < Int(N):
        C[unsafe_offset=i] = A[unsafe_offset=i] + B[unsafe_offset=i]


@export
def solve(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[vector_add](
            A, B, C, N,
            grid_dim=ceildiv(Int(N), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
