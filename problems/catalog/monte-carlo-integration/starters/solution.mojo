from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    y_samples: Pointer[Float32, MutAnyOrigin],
    result: Pointer[Float32, MutAnyOrigin],
    a: Float32,
    b: Float32,
    n_samples: Int32,
):
    var i = global_idx.x
    if i < Int(n_samples):
        pass  # TODO: compute element i


# y_samples: input, device pointer, f32, shape [n_samples]
# result: output, device pointer, f32, shape [1]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into result in place; outputs start zero-filled.
@export
def solve(
    y_samples: Pointer[Float32, MutAnyOrigin],
    result: Pointer[Float32, MutAnyOrigin],
    a: Float32,
    b: Float32,
    n_samples: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            y_samples, result, a, b, n_samples,
            grid_dim=ceildiv(Int(n_samples), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
