from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def solve_kernel(
    X: Pointer[Float32, MutAnyOrigin],
    y: Pointer[Float32, MutAnyOrigin],
    beta: Pointer[Float32, MutAnyOrigin],
    n_samples: Int32,
    n_features: Int32,
):
    var i = global_idx.x
    if i < Int(n_samples):
        pass  # TODO: compute element i


# X: input, device pointer, f32, shape [n_samples x n_features]
# y: input, device pointer, f32, shape [n_samples]
# beta: output, device pointer, f32, shape [n_features]
# Tensors are contiguous and row-major: element i is X[unsafe_offset=i].
# Write the result into beta in place; outputs start zero-filled.
@export
def solve(
    X: Pointer[Float32, MutAnyOrigin],
    y: Pointer[Float32, MutAnyOrigin],
    beta: Pointer[Float32, MutAnyOrigin],
    n_samples: Int32,
    n_features: Int32,
) abi("C"):
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[solve_kernel](
            X, y, beta, n_samples, n_features,
            grid_dim=ceildiv(Int(n_samples), THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
