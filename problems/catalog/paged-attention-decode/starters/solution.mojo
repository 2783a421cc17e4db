from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    q: Pointer[Float16, MutAnyOrigin],
    k_cache: Pointer[Float16, MutAnyOrigin],
    v_cache: Pointer[Float16, MutAnyOrigin],
    block_table: Pointer[Int32, MutAnyOrigin],
    context_lens: Pointer[Int32, MutAnyOrigin],
    out_: Pointer[Float16, MutAnyOrigin],
    B: Int32,
    H: Int32,
    D: Int32,
    num_blocks: Int32,
    block_size: Int32,
    max_blocks_per_seq: Int32,
):
    var i = global_idx.x
    if i < Int(B):
        pass  # TODO: compute element i


# q: input, device pointer, f16, shape [B x H x D]
# k_cache: input, device pointer, f16, shape [num_blocks x block_size x H x D]
# v_cache: input, device pointer, f16, shape [num_blocks x block_size x H x D]
# block_table: input, device pointer, i32, shape [B x max_blocks_per_seq]
# context_lens: input, device pointer, i32, shape [B]
# out: output, device pointer, f16, shape [B x H x D] (named out_ here: out is a Mojo keyword)
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into out_ in place; outputs start zero-filled.
@export
def solve(
    q: Pointer[Float16, MutAnyOrigin],
    k_cache: Pointer[Float16, MutAnyOrigin],
    v_cache: Pointer[Float16, MutAnyOrigin],
    block_table: Pointer[Int32, MutAnyOrigin],
    context_lens: Pointer[Int32, MutAnyOrigin],
    out_: Pointer[Float16, MutAnyOrigin],
    B: Int32,
    H: Int32,
    D: Int32,
    num_blocks: Int32,
    block_size: Int32,
    max_blocks_per_seq: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            q,
            k_cache,
            v_cache,
            block_table,
            context_lens,
            out_,
            B,
            H,
            D,
            num_blocks,
            block_size,
            max_blocks_per_seq,
            grid_dim=ceildiv(Int(B), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
