from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    logits: Pointer[Float32, MutAnyOrigin],
    p: Pointer[Float32, MutAnyOrigin],
    seed: Pointer[Int32, MutAnyOrigin],
    sampled_token: Pointer[Int32, MutAnyOrigin],
    vocab_size: Int32,
):
    var i = global_idx.x
    if i < Int(vocab_size):
        pass  # TODO: compute element i


# logits: input, device pointer, f32, shape [vocab_size]
# p: input, device pointer, f32, shape [1]
# seed: input, device pointer, i32, shape [1]
# sampled_token: output, device pointer, i32, shape [1]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into sampled_token in place; outputs start zero-filled.
@export
def solve(
    logits: Pointer[Float32, MutAnyOrigin],
    p: Pointer[Float32, MutAnyOrigin],
    seed: Pointer[Int32, MutAnyOrigin],
    sampled_token: Pointer[Int32, MutAnyOrigin],
    vocab_size: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            logits, p, seed, sampled_token, vocab_size,
            grid_dim=ceildiv(Int(vocab_size), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
