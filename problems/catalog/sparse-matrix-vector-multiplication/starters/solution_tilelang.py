import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    M = T.dynamic("M")
    N = T.dynamic("N")

    @T.prim_func
    def kernel(
        A: T.Tensor((M, N), T.float32),
        x: T.Tensor((N,), T.float32),
        y: T.Tensor((M,), T.float32),
    ):
        with T.Kernel(T.ceildiv(M, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# A: input, tensor, f32, shape [M x N]
# x: input, tensor, f32, shape [N]
# y: output, tensor, f32, shape [M]
# Write the result into y in place.
def solve(A: torch.Tensor, x: torch.Tensor, y: torch.Tensor, M: int, N: int, nnz: int) -> None:
    solve_kernel()(A, x, y)
