import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    N = T.dynamic("N")

    @T.prim_func
    def kernel(
        A: T.Tensor((N,), T.float16),
        B: T.Tensor((N,), T.float16),
        result: T.Tensor((1,), T.float16),
    ):
        with T.Kernel(T.ceildiv(N, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# A: input, tensor, f16, shape [N]
# B: input, tensor, f16, shape [N]
# result: output, tensor, f16, shape [1]
# Write the result into result in place.
def solve(A: torch.Tensor, B: torch.Tensor, result: torch.Tensor, N: int) -> None:
    solve_kernel()(A, B, result)
