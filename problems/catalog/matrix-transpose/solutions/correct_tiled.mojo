# A 16 x 16 tile of the input goes through shared memory (one padding column avoids bank
# conflicts), so that both the reads of input and the writes of output are row-contiguous.
# input is rows x cols, output is cols x rows, both row-major.
from max.gpu import block_idx, thread_idx, barrier
from max.gpu.host import DeviceContext
from max.gpu.memory import AddressSpace
from std.math import ceildiv
from std.memory import stack_allocation
from std.os import abort

comptime TILE = 16


def transpose_tiled(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    rows: Int32,
    cols: Int32,
):
    var tile = stack_allocation[TILE * (TILE + 1), Float32, address_space=AddressSpace.SHARED]()
    var n_rows = Int(rows)
    var n_cols = Int(cols)
    var tx: Int = thread_idx.x
    var ty: Int = thread_idx.y
    var col0: Int = block_idx.x * TILE
    var row0: Int = block_idx.y * TILE
    var r = row0 + ty
    var c = col0 + tx
    if r < n_rows and c < n_cols:
        tile[unsafe_offset=ty * (TILE + 1) + tx] = input[unsafe_offset=r * n_cols + c]
    barrier()
    # output row = an input column, output column = an input row
    var out_r = col0 + ty
    var out_c = row0 + tx
    if out_r < n_cols and out_c < n_rows:
        output[unsafe_offset=out_r * n_rows + out_c] = tile[unsafe_offset=tx * (TILE + 1) + ty]


@export
def solve(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    rows: Int32,
    cols: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[transpose_tiled](
            input, output, rows, cols,
            grid_dim=(ceildiv(Int(cols), TILE), ceildiv(Int(rows), TILE)),
            block_dim=(TILE, TILE),
        )
        ctx.synchronize()
    except err:
        abort(String(err))
