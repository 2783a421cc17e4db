# Wrong: the grid is N // THREADS blocks (at least one), so when N is not a multiple of
# THREADS the elements past the last whole block are never written (they stay zero).
from max.gpu import global_idx
from max.gpu.host import DeviceContext
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
            grid_dim=max(Int(N) // THREADS, 1),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
