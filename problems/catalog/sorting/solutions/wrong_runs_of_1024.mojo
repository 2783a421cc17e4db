# Wrong: the stages stop at k = 1024 (as if every run fitted one block), so each run of
# 1024 elements comes out sorted but the runs are never merged with each other; only
# N <= 1024 is sorted. Otherwise the same network as correct_bitonic.mojo.
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
        while k < 2 * n and k <= 1024:
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
