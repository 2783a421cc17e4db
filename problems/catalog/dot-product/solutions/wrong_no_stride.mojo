# Wrong: the grid is capped at 1024 blocks of 256 threads but each thread reads a single
# pair (no grid-wide stride loop), so for N > 262144 the products past the first 262144
# are left out. Otherwise the same two passes as correct_two_pass.mojo.
from max.gpu import block_idx, thread_idx, barrier
from max.gpu.host import DeviceContext
from max.gpu.memory import AddressSpace
from std.math import ceildiv
from std.memory import stack_allocation
from std.os import abort

comptime THREADS = 256
comptime MAX_BLOCKS = 1024
comptime Shared = Pointer[Float64, MutUntrackedOrigin, address_space=AddressSpace.SHARED]


def block_sum(shared: Shared, t: Int, value: Float64) -> Float64:
    """The sum of every thread's value, returned to all threads of the block."""
    shared[unsafe_offset=t] = value
    barrier()
    var half = THREADS // 2
    while half > 0:
        if t < half:
            shared[unsafe_offset=t] += shared[unsafe_offset=t + half]
        barrier()
        half //= 2
    var total = shared[unsafe_offset=0]
    barrier()  # shared may be written again once every thread has read the total
    return total


def partial_sums(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    partial: Pointer[Float64, MutAnyOrigin],
    N: Int32,
):
    var shared = stack_allocation[THREADS, Float64, address_space=AddressSpace.SHARED]()
    var t: Int = thread_idx.x
    var n = Int(N)
    var i: Int = block_idx.x * THREADS + t
    var acc: Float64 = 0.0
    if i < n:
        acc = Float64(A[unsafe_offset=i]) * Float64(B[unsafe_offset=i])
    var total = block_sum(shared, t, acc)
    if t == 0:
        partial[unsafe_offset=block_idx.x] = total


def final_sum(
    partial: Pointer[Float64, MutAnyOrigin],
    count: Int32,
    result: Pointer[Float32, MutAnyOrigin],
):
    var shared = stack_allocation[THREADS, Float64, address_space=AddressSpace.SHARED]()
    var t: Int = thread_idx.x
    var acc: Float64 = 0.0
    var i = t
    while i < Int(count):
        acc += partial[unsafe_offset=i]
        i += THREADS
    var total = block_sum(shared, t, acc)
    if t == 0:
        result[unsafe_offset=0] = Float32(total)


@export
def solve(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    result: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    try:
        var blocks = min(ceildiv(Int(N), THREADS), MAX_BLOCKS)
        var ctx = DeviceContext()
        var partial = ctx.enqueue_create_buffer[DType.float64](blocks)
        ctx.enqueue_function[partial_sums](
            A, B, partial.unsafe_ptr(), N,
            grid_dim=blocks,
            block_dim=THREADS,
        )
        ctx.enqueue_function[final_sum](
            partial.unsafe_ptr(), Int32(blocks), result,
            grid_dim=1,
            block_dim=THREADS,
        )
        ctx.synchronize()
        _ = partial^  # the buffer lives until the kernels are done
    except err:
        abort(String(err))
