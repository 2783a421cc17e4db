from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    draft_tokens: Pointer[Int32, MutAnyOrigin],
    draft_probs: Pointer[Float32, MutAnyOrigin],
    target_probs: Pointer[Float32, MutAnyOrigin],
    uniform_samples: Pointer[Float32, MutAnyOrigin],
    output_tokens: Pointer[Int32, MutAnyOrigin],
    B: Int32,
    T: Int32,
    V: Int32,
):
    var i = global_idx.x
    if i < Int(B):
        pass  # TODO: compute element i


# draft_tokens: input, device pointer, i32, shape [B x T]
# draft_probs: input, device pointer, f32, shape [B x T x V]
# target_probs: input, device pointer, f32, shape [B x T x V]
# uniform_samples: input, device pointer, f32, shape [B x T + 1]
# output_tokens: output, device pointer, i32, shape [B x T + 1]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into output_tokens in place; outputs start zero-filled.
@export
def solve(
    draft_tokens: Pointer[Int32, MutAnyOrigin],
    draft_probs: Pointer[Float32, MutAnyOrigin],
    target_probs: Pointer[Float32, MutAnyOrigin],
    uniform_samples: Pointer[Float32, MutAnyOrigin],
    output_tokens: Pointer[Int32, MutAnyOrigin],
    B: Int32,
    T: Int32,
    V: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            draft_tokens, draft_probs, target_probs, uniform_samples, output_tokens, B, T, V,
            grid_dim=ceildiv(Int(B), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
