# Sleeps on the host inside solve, after queueing its kernel and before synchronising, as if
# the GPU's time were taken between the launch and the synchronise only: the events around
# the call span its whole wall time, so the 3 ms of sleep are timed.
from std.os import abort
from std.time import sleep
from max.gpu import global_idx
from max.gpu.host import DeviceContext

comptime BLOCK = 256


def add_kernel(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
):
    var i = Int32(global_idx.x)
    if i < N:
        C[unsafe_offset=i] = A[unsafe_offset=i] + B[unsafe_offset=i]


@export
def solve(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[add_kernel](
            A, B, C, N, grid_dim=(Int(N) + BLOCK - 1) // BLOCK, block_dim=BLOCK
        )
        sleep(0.003)
        ctx.synchronize()
    except e:
        abort(String(e))
