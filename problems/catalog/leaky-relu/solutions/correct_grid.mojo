# One thread per element: x for x > 0, 0.01 * x otherwise.
from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256
comptime SLOPE: Float32 = 0.01


def leaky_relu(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    N: Int32,
):
    var i: Int = global_idx.x
    if i < Int(N):
        var x = input[unsafe_offset=i]
        output[unsafe_offset=i] = x if x > 0 else SLOPE * x


@export
def solve(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[leaky_relu](
            input, output, N,
            grid_dim=ceildiv(Int(N), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
