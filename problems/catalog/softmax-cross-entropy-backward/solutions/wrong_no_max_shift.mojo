# Wrong: the row maximum is not subtracted before exp, so a row with a logit above about
# 709 overflows Float64's exp to inf and its loss and gradient become inf and NaN (the
# package tests such a row). Otherwise the same two launches as correct_block_per_row.mojo.
from max.gpu import block_idx, thread_idx, barrier
from max.gpu.host import DeviceContext
from max.gpu.memory import AddressSpace
from std.math import exp, log
from std.memory import stack_allocation
from std.os import abort

comptime THREADS = 256
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


def rows_kernel(
    logits: Pointer[Float32, MutAnyOrigin],
    labels: Pointer[Int32, MutAnyOrigin],
    dlogits: Pointer[Float32, MutAnyOrigin],
    row_loss: Pointer[Float64, MutAnyOrigin],
    N: Int32,
    C: Int32,
):
    var shared = stack_allocation[THREADS, Float64, address_space=AddressSpace.SHARED]()
    var t: Int = thread_idx.x
    var row: Int = block_idx.x
    var c = Int(C)
    var base = row * c
    var m: Float64 = 0.0  # no shift: exp(x - 0) = exp(x)
    var acc: Float64 = 0.0
    var j = t
    while j < c:
        acc += exp(Float64(logits[unsafe_offset=base + j]) - m)
        j += THREADS
    var s = block_sum(shared, t, acc)
    var label = Int(labels[unsafe_offset=row])
    var inv_n = 1.0 / Float64(N)
    j = t
    while j < c:
        var g = exp(Float64(logits[unsafe_offset=base + j]) - m) / s
        if j == label:
            g -= 1.0
        dlogits[unsafe_offset=base + j] = Float32(g * inv_n)
        j += THREADS
    if t == 0:
        row_loss[unsafe_offset=row] = m + log(s) - Float64(logits[unsafe_offset=base + label])


def mean_kernel(
    row_loss: Pointer[Float64, MutAnyOrigin],
    N: Int32,
    loss: Pointer[Float32, MutAnyOrigin],
):
    var shared = stack_allocation[THREADS, Float64, address_space=AddressSpace.SHARED]()
    var t: Int = thread_idx.x
    var acc: Float64 = 0.0
    var i = t
    while i < Int(N):
        acc += row_loss[unsafe_offset=i]
        i += THREADS
    var total = block_sum(shared, t, acc)
    if t == 0:
        loss[unsafe_offset=0] = Float32(total / Float64(N))


@export
def solve(
    logits: Pointer[Float32, MutAnyOrigin],
    labels: Pointer[Int32, MutAnyOrigin],
    loss: Pointer[Float32, MutAnyOrigin],
    dlogits: Pointer[Float32, MutAnyOrigin],
    N: Int32,
    C: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        var row_loss = ctx.enqueue_create_buffer[DType.float64](Int(N))
        ctx.enqueue_function[rows_kernel](
            logits, labels, dlogits, row_loss.unsafe_ptr(), N, C,
            grid_dim=Int(N),
            block_dim=THREADS,
        )
        ctx.enqueue_function[mean_kernel](
            row_loss.unsafe_ptr(), N, loss,
            grid_dim=1,
            block_dim=THREADS,
        )
        ctx.synchronize()
        _ = row_loss^  # the buffer lives until the kernels are done
    except err:
        abort(String(err))
