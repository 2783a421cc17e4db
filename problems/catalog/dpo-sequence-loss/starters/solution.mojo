from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    chosen_logps: Pointer[Float32, MutAnyOrigin],
    rejected_logps: Pointer[Float32, MutAnyOrigin],
    chosen_ref_logps: Pointer[Float32, MutAnyOrigin],
    rejected_ref_logps: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    beta: Float32,
    B: Int32,
):
    var i = global_idx.x
    if i < Int(B):
        pass  # TODO: compute element i


# chosen_logps: input, device pointer, f32, shape [B]
# rejected_logps: input, device pointer, f32, shape [B]
# chosen_ref_logps: input, device pointer, f32, shape [B]
# rejected_ref_logps: input, device pointer, f32, shape [B]
# output: output, device pointer, f32, shape [1]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into output in place; outputs start zero-filled.
@export
def solve(
    chosen_logps: Pointer[Float32, MutAnyOrigin],
    rejected_logps: Pointer[Float32, MutAnyOrigin],
    chosen_ref_logps: Pointer[Float32, MutAnyOrigin],
    rejected_ref_logps: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    beta: Float32,
    B: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output, beta, B,
            grid_dim=ceildiv(Int(B), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
