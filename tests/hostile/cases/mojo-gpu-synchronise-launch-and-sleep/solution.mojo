# Synchronises first, while its stream is idle, then queues a kernel (a dependent chain of
# multiply-adds per element) and sleeps on the host long enough for it to finish, so that the
# stream is idle again when solve returns without a second synchronise.
from std.os import abort
from std.time import sleep
from max.gpu import global_idx
from max.gpu.host import DeviceContext

comptime BLOCK = 256
comptime ROUNDS = 2000


def slow_add_kernel(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
):
    var i = Int32(global_idx.x)
    if i < N:
        var x = A[unsafe_offset=i]
        for _ in range(ROUNDS):
            x = x * Float32(0.999999) + Float32(1.0e-7)
        # x stays finite, so x * 0 is 0; the chain still has to run first
        C[unsafe_offset=i] = A[unsafe_offset=i] + B[unsafe_offset=i] + x * Float32(0.0)


@export
def solve(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.synchronize()
        ctx.enqueue_function[slow_add_kernel](
            A, B, C, N, grid_dim=(Int(N) + BLOCK - 1) // BLOCK, block_dim=BLOCK
        )
        sleep(0.03)
    except e:
        abort(String(e))
