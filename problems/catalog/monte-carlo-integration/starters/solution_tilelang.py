import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    n_samples = T.dynamic("n_samples")

    @T.prim_func
    def kernel(
        y_samples: T.Tensor((n_samples,), T.float32),
        result: T.Tensor((1,), T.float32),
    ):
        with T.Kernel(T.ceildiv(n_samples, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# y_samples: input, tensor, f32, shape [n_samples]
# result: output, tensor, f32, shape [1]
# Write the result into result in place.
def solve(
    y_samples: torch.Tensor,
    result: torch.Tensor,
    a: float,
    b: float,
    n_samples: int,
) -> None:
    solve_kernel()(y_samples, result)
