# Two launches. First, at most 1024 blocks of 256 threads walk the input with a grid-wide
# stride, each thread summing its elements in Float64, and each block adds its threads' sums
# in shared memory into one partial sum. Then one block adds the partial sums and writes
# output[0]. Nothing is atomic, so the result is the same at every run.
from max.gpu import block_idx, grid_dim, thread_idx, barrier
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
    input: Pointer[Float32, MutAnyOrigin],
    partial: Pointer[Float64, MutAnyOrigin],
    N: Int32,
):
    var shared = stack_allocation[THREADS, Float64, address_space=AddressSpace.SHARED]()
    var t: Int = thread_idx.x
    var n = Int(N)
    var stride: Int = grid_dim.x * THREADS
    var i: Int = block_idx.x * THREADS + t
    var acc: Float64 = 0.0
    while i < n:
        acc += Float64(input[unsafe_offset=i])
        i += stride
    var total = block_sum(shared, t, acc)
    if t == 0:
        partial[unsafe_offset=block_idx.x] = total


def final_sum(
    partial: Pointer[Float64, MutAnyOrigin],
    count: Int32,
    output: Pointer[Float32, MutAnyOrigin],
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
        output[unsafe_offset=0] = Float32(total)


@export
def solve(
    input: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    try:
        var blocks = min(ceildiv(Int(N), THREADS), MAX_BLOCKS)
        var ctx = DeviceContext()
        var partial = ctx.enqueue_create_buffer[DType.float64](blocks)
        ctx.enqueue_function[partial_sums](
            input, partial.unsafe_ptr(), N,
            grid_dim=blocks,
            block_dim=THREADS,
        )
        ctx.enqueue_function[final_sum](
            partial.unsafe_ptr(), Int32(blocks), output,
            grid_dim=1,
            block_dim=THREADS,
        )
        ctx.synchronize()
        _ = partial^  # the buffer lives until the kernels are done
    except err:
        abort(String(err))
