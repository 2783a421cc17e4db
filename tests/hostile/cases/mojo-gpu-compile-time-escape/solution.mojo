# Tries to run host code while the judge compiles: a compile-time constant computed by calls
# into the C library (the process id, a connection attempt, a write to the host's /tmp). The
# compiler's interpreter refuses external calls, and the compiler runs in the sandbox anyway.
from std.ffi import external_call
from std.os import abort
from max.gpu import global_idx
from max.gpu.host import DeviceContext

comptime BLOCK = 256


def touch_host() -> Int:
    var fd = external_call["socket", Int32](Int32(2), Int32(1), Int32(0))
    var path = String("/tmp/kj-pwned")
    var file = external_call["creat", Int32](path.as_c_string_span().ptr(), Int32(0o644))
    return Int(external_call["getpid", Int32]()) + Int(fd) + Int(file)


comptime AT_COMPILE_TIME = touch_host()


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
    print(AT_COMPILE_TIME)
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[add_kernel](
            A, B, C, N, grid_dim=(Int(N) + BLOCK - 1) // BLOCK, block_dim=BLOCK
        )
        ctx.synchronize()
    except e:
        abort(String(e))
