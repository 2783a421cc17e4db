from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    x: Pointer[Float32, MutAnyOrigin],
    W: Pointer[Float32, MutAnyOrigin],
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    batch: Int32,
    d_in: Int32,
    d_out: Int32,
    rank: Int32,
    lora_scale: Float32,
):
    var i = global_idx.x
    if i < Int(batch):
        pass  # TODO: compute element i


# x: input, device pointer, f32, shape [batch x d_in]
# W: input, device pointer, f32, shape [d_out x d_in]
# A: input, device pointer, f32, shape [rank x d_in]
# B: input, device pointer, f32, shape [d_out x rank]
# output: output, device pointer, f32, shape [batch x d_out]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into output in place; outputs start zero-filled.
@export
def solve(
    x: Pointer[Float32, MutAnyOrigin],
    W: Pointer[Float32, MutAnyOrigin],
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    output: Pointer[Float32, MutAnyOrigin],
    batch: Int32,
    d_in: Int32,
    d_out: Int32,
    rank: Int32,
    lora_scale: Float32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            x, W, A, B, output, batch, d_in, d_out, rank, lora_scale,
            grid_dim=ceildiv(Int(batch), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
