from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    logits: Pointer[Float32, MutAnyOrigin],
    topk_weights: Pointer[Float32, MutAnyOrigin],
    topk_indices: Pointer[Int32, MutAnyOrigin],
    M: Int32,
    E: Int32,
    k: Int32,
):
    var i = global_idx.x
    if i < Int(M):
        pass  # TODO: compute element i


# logits: input, device pointer, f32, shape [M x E]
# topk_weights: output, device pointer, f32, shape [M x k]
# topk_indices: output, device pointer, i32, shape [M x k]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into topk_weights, topk_indices in place; outputs start zero-filled.
@export
def solve(
    logits: Pointer[Float32, MutAnyOrigin],
    topk_weights: Pointer[Float32, MutAnyOrigin],
    topk_indices: Pointer[Int32, MutAnyOrigin],
    M: Int32,
    E: Int32,
    k: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            logits, topk_weights, topk_indices, M, E, k,
            grid_dim=ceildiv(Int(M), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
