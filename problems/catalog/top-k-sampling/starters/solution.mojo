from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    logits: Pointer[Float32, MutAnyOrigin],
    u: Pointer[Float32, MutAnyOrigin],
    tokens: Pointer[Int32, MutAnyOrigin],
    B: Int32,
    V: Int32,
    k: Int32,
    temperature: Float32,
):
    var i = global_idx.x
    if i < Int(B):
        pass  # TODO: compute element i


# logits: input, device pointer, f32, shape [B x V]
# u: input, device pointer, f32, shape [B]
# tokens: output, device pointer, i32, shape [B]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into tokens in place; outputs start zero-filled.
@export
def solve(
    logits: Pointer[Float32, MutAnyOrigin],
    u: Pointer[Float32, MutAnyOrigin],
    tokens: Pointer[Int32, MutAnyOrigin],
    B: Int32,
    V: Int32,
    k: Int32,
    temperature: Float32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            logits, u, tokens, B, V, k, temperature,
            grid_dim=ceildiv(Int(B), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
