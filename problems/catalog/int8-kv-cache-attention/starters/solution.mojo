from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    Q: Pointer[Float32, MutAnyOrigin],
    K_int8: Pointer[Int8, MutAnyOrigin],
    V_int8: Pointer[Int8, MutAnyOrigin],
    k_scale: Pointer[Float32, MutAnyOrigin],
    v_scale: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    num_heads: Int32,
    seq_len: Int32,
    head_dim: Int32,
):
    var i = global_idx.x
    if i < Int(num_heads):
        pass  # TODO: compute element i


# Q: input, device pointer, f32, shape [num_heads x head_dim]
# K_int8: input, device pointer, i8, shape [num_heads x seq_len x head_dim]
# V_int8: input, device pointer, i8, shape [num_heads x seq_len x head_dim]
# k_scale: input, device pointer, f32, shape [num_heads x seq_len]
# v_scale: input, device pointer, f32, shape [num_heads x seq_len]
# output: output, device pointer, f32, shape [num_heads x head_dim]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into output in place; outputs start zero-filled.
@export
def solve(
    Q: Pointer[Float32, MutAnyOrigin],
    K_int8: Pointer[Int8, MutAnyOrigin],
    V_int8: Pointer[Int8, MutAnyOrigin],
    k_scale: Pointer[Float32, MutAnyOrigin],
    v_scale: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    num_heads: Int32,
    seq_len: Int32,
    head_dim: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            Q, K_int8, V_int8, k_scale, v_scale, output, num_heads, seq_len, head_dim,
            grid_dim=ceildiv(Int(num_heads), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
