# Wrong: negative inputs are negated instead of zeroed (the absolute value, not ReLU).
from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def relu(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    N: Int32,
):
    var i: Int = global_idx.x
    if i < Int(N):
        var x = input[unsafe_offset=i]
        output[unsafe_offset=i] = x if x >= 0 else -x


@export
def solve(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[relu](
            input, output, N,
            grid_dim=ceildiv(Int(N), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
