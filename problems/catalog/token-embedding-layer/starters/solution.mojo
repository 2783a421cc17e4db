from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    token_ids: Pointer[Int32, MutAnyOrigin],
    position_ids: Pointer[Int32, MutAnyOrigin],
    token_embeddings: Pointer[Float32, MutAnyOrigin],
    position_embeddings: Pointer[Float32, MutAnyOrigin],
    gamma: Pointer[Float32, MutAnyOrigin],
    beta: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    B: Int32,
    T: Int32,
    V: Int32,
    P: Int32,
    D: Int32,
    eps: Float32,
):
    var i = global_idx.x
    if i < Int(B):
        pass  # TODO: compute element i


# token_ids: input, device pointer, i32, shape [B x T]
# position_ids: input, device pointer, i32, shape [T]
# token_embeddings: input, device pointer, f32, shape [V x D]
# position_embeddings: input, device pointer, f32, shape [P x D]
# gamma: input, device pointer, f32, shape [D]
# beta: input, device pointer, f32, shape [D]
# output: output, device pointer, f32, shape [B x T x D]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into output in place; outputs start zero-filled.
@export
def solve(
    token_ids: Pointer[Int32, MutAnyOrigin],
    position_ids: Pointer[Int32, MutAnyOrigin],
    token_embeddings: Pointer[Float32, MutAnyOrigin],
    position_embeddings: Pointer[Float32, MutAnyOrigin],
    gamma: Pointer[Float32, MutAnyOrigin],
    beta: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    B: Int32,
    T: Int32,
    V: Int32,
    P: Int32,
    D: Int32,
    eps: Float32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            token_ids,
            position_ids,
            token_embeddings,
            position_embeddings,
            gamma,
            beta,
            output,
            B,
            T,
            V,
            P,
            D,
            eps,
            grid_dim=ceildiv(Int(B), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
