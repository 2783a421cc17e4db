import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    M = T.dynamic("M")
    K = T.dynamic("K")
    N = T.dynamic("N")

    @T.prim_func
    def kernel(
        A: T.Tensor((M, K), T.int8),
        B: T.Tensor((K, N), T.int8),
        C: T.Tensor((M, N), T.int8),
    ):
        with T.Kernel(T.ceildiv(M, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# A: input, tensor, i8, shape [M x K]
# B: input, tensor, i8, shape [K x N]
# C: output, tensor, i8, shape [M x N]
# Write the result into C in place.
def solve(
    A: torch.Tensor,
    B: torch.Tensor,
    C: torch.Tensor,
    M: int,
    N: int,
    K: int,
    scale_A: float,
    scale_B: float,
    scale_C: float,
    zero_point_A: int,
    zero_point_B: int,
    zero_point_C: int,
) -> None:
    solve_kernel()(A, B, C)
