from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    advantages: Pointer[Float32, MutAnyOrigin],
    log_pi: Pointer[Float32, MutAnyOrigin],
    log_pi_old: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    clip_eps: Float32,
    B: Int32,
    S: Int32,
):
    var i = global_idx.x
    if i < Int(B):
        pass  # TODO: compute element i


# advantages: input, device pointer, f32, shape [B x S]
# log_pi: input, device pointer, f32, shape [B x S]
# log_pi_old: input, device pointer, f32, shape [B x S]
# output: output, device pointer, f32, shape [1]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into output in place; outputs start zero-filled.
@export
def solve(
    advantages: Pointer[Float32, MutAnyOrigin],
    log_pi: Pointer[Float32, MutAnyOrigin],
    log_pi_old: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    clip_eps: Float32,
    B: Int32,
    S: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            advantages, log_pi, log_pi_old, output, clip_eps, B, S,
            grid_dim=ceildiv(Int(B), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
