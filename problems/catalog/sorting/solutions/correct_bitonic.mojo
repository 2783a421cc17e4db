# In place (data is an in-out tensor), ascending: a bitonic sorting network, one launch per
# compare-exchange step. Each stage k = 2, 4, ..., P (P the power of two >= N) starts with
# the "flip" step (element i of the lower half of each k-block against its mirror
# i ^ (k - 1)) followed by half-cleaner steps (i against i ^ j, j = k/4, ..., 1), every pair
# ordered ascending. Indices past N stand for +inf padding: a pair whose upper index is past N
# would never swap, so it is skipped and no padded copy is needed.
from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def compare_exchange(
    data: Pointer[Float32, MutAnyOrigin], n: Int64, j: Int64, mask: Int64
):
    """Orders each pair (i, i ^ mask) with i & j == 0; the partner is above i."""
    var i: Int = global_idx.x
    if i >= Int(n) or (i & Int(j)) != 0:
        return
    var partner = i ^ Int(mask)
    if partner >= Int(n):
        return
    var a = data[unsafe_offset=i]
    var b = data[unsafe_offset=partner]
    if a > b:
        data[unsafe_offset=i] = b
        data[unsafe_offset=partner] = a


@export
def solve(data: Pointer[Float32, MutAnyOrigin], N: Int32) abi("C"):
    try:
        var n = Int(N)
        var blocks = ceildiv(n, THREADS)
        var ctx = DeviceContext()
        var k = 2
        while k < 2 * n:  # the stages up to P, the first power of two >= n
            ctx.enqueue_function[compare_exchange](
                data, Int64(n), Int64(k // 2), Int64(k - 1),
                grid_dim=blocks,
                block_dim=THREADS,
            )
            var j = k // 4
            while j >= 1:
                ctx.enqueue_function[compare_exchange](
                    data, Int64(n), Int64(j), Int64(j),
                    grid_dim=blocks,
                    block_dim=THREADS,
                )
                j //= 2
            k *= 2
        ctx.synchronize()
    except err:
        abort(String(err))
