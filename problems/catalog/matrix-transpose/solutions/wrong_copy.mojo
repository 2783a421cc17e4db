# Wrong: each element is read at input[r * cols + c] and written at the same offset of
# output, so output holds a copy of input's bytes, not the transpose (output[c * rows + r]).
from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def transpose_naive(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    rows: Int32,
    cols: Int32,
):
    var i: Int = global_idx.x
    var n_cols = Int(cols)
    if i < Int(rows) * n_cols:
        var r = i // n_cols
        var c = i % n_cols
        output[unsafe_offset=r * n_cols + c] = input[unsafe_offset=r * n_cols + c]


@export
def solve(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    rows: Int32,
    cols: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[transpose_naive](
            input, output, rows, cols,
            grid_dim=ceildiv(Int(rows) * Int(cols), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
