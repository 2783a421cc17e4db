# Wrong: the loop over the inner dimension stops at the last whole 16-wide tile, so when N
# is not a multiple of 16 the last N % 16 products of every dot product are left out.
from max.gpu import block_idx, thread_idx, barrier
from max.gpu.host import DeviceContext
from max.gpu.memory import AddressSpace
from std.math import ceildiv
from std.memory import stack_allocation
from std.os import abort

comptime TILE = 16


def matmul_tiled(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    M: Int32,
    N: Int32,
    K: Int32,
):
    var a_tile = stack_allocation[TILE * TILE, Float32, address_space=AddressSpace.SHARED]()
    var b_tile = stack_allocation[TILE * TILE, Float32, address_space=AddressSpace.SHARED]()
    var m = Int(M)
    var n = Int(N)
    var k = Int(K)
    var tx: Int = thread_idx.x
    var ty: Int = thread_idx.y
    var row: Int = block_idx.y * TILE + ty
    var col: Int = block_idx.x * TILE + tx
    var acc: Float64 = 0.0
    for t0 in range(0, n - n % TILE, TILE):
        var a_col = t0 + tx
        var b_row = t0 + ty
        var a: Float32 = 0.0
        var b: Float32 = 0.0
        if row < m and a_col < n:
            a = A[unsafe_offset=row * n + a_col]
        if b_row < n and col < k:
            b = B[unsafe_offset=b_row * k + col]
        a_tile[unsafe_offset=ty * TILE + tx] = a
        b_tile[unsafe_offset=ty * TILE + tx] = b
        barrier()
        for j in range(TILE):
            acc += Float64(a_tile[unsafe_offset=ty * TILE + j]) * Float64(
                b_tile[unsafe_offset=j * TILE + tx]
            )
        barrier()
    if row < m and col < k:
        C[unsafe_offset=row * k + col] = Float32(acc)


@export
def solve(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    M: Int32,
    N: Int32,
    K: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[matmul_tiled](
            A, B, C, M, N, K,
            grid_dim=(ceildiv(Int(K), TILE), ceildiv(Int(M), TILE)),
            block_dim=(TILE, TILE),
        )
        ctx.synchronize()
    except err:
        abort(String(err))
