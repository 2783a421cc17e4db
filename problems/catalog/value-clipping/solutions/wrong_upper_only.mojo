# Wrong: only the upper bound is applied; values below lo are passed through unchanged.
from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def clip(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    lo: Float32,
    hi: Float32,
    N: Int32,
):
    var i: Int = global_idx.x
    if i < Int(N):
        output[unsafe_offset=i] = min(input[unsafe_offset=i], hi)


@export
def solve(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    lo: Float32,
    hi: Float32,
    N: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[clip](
            input, output, lo, hi, N,
            grid_dim=ceildiv(Int(N), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
