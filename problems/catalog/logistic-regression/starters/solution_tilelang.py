import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    n_samples = T.dynamic("n_samples")
    n_features = T.dynamic("n_features")

    @T.prim_func
    def kernel(
        X: T.Tensor((n_samples, n_features), T.float32),
        y: T.Tensor((n_samples,), T.float32),
        beta: T.Tensor((n_features,), T.float32),
    ):
        with T.Kernel(T.ceildiv(n_samples, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# X: input, tensor, f32, shape [n_samples x n_features]
# y: input, tensor, f32, shape [n_samples]
# beta: output, tensor, f32, shape [n_features]
# Write the result into beta in place.
def solve(
    X: torch.Tensor,
    y: torch.Tensor,
    beta: torch.Tensor,
    n_samples: int,
    n_features: int,
) -> None:
    solve_kernel()(X, y, beta)
