# One block of 256 threads per row of input (N x C, row-major). The block computes the row's
# mean, then the mean of the squared deviations (the biased variance, as the problem defines
# it), both summed in Float64 through shared memory, and writes
# (x - mean) / sqrt(var + eps) * weight + bias for each column.
from max.gpu import block_idx, thread_idx, barrier
from max.gpu.host import DeviceContext
from max.gpu.memory import AddressSpace
from std.math import sqrt
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


def layer_norm_rows(
    input: Pointer[Float32, MutAnyOrigin],
    weight: Pointer[Float32, MutAnyOrigin],
    bias: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    C: Int32,
    eps: Float32,
):
    var shared = stack_allocation[THREADS, Float64, address_space=AddressSpace.SHARED]()
    var t: Int = thread_idx.x
    var c = Int(C)
    var base: Int = block_idx.x * c
    var acc: Float64 = 0.0
    var j = t
    while j < c:
        acc += Float64(input[unsafe_offset=base + j])
        j += THREADS
    var mean = block_sum(shared, t, acc) / Float64(c)
    acc = 0.0
    j = t
    while j < c:
        var d = Float64(input[unsafe_offset=base + j]) - mean
        acc += d * d
        j += THREADS
    var variance = block_sum(shared, t, acc) / Float64(c)
    var inv_std = 1.0 / sqrt(variance + Float64(eps))
    j = t
    while j < c:
        var y = (Float64(input[unsafe_offset=base + j]) - mean) * inv_std
        y = y * Float64(weight[unsafe_offset=j]) + Float64(bias[unsafe_offset=j])
        output[unsafe_offset=base + j] = Float32(y)
        j += THREADS


@export
def solve(
    input: Pointer[Float32, MutAnyOrigin],
    weight: Pointer[Float32, MutAnyOrigin],
    bias: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    N: Int32,
    C: Int32,
    eps: Float32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[layer_norm_rows](
            input, weight, bias, output, C, eps,
            grid_dim=Int(N),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
