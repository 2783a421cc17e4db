# One thread per element: output = max(input, 0).
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
        output[unsafe_offset=i] = max(input[unsafe_offset=i], Float32(0))


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
