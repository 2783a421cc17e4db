import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    BATCH = T.dynamic("BATCH")
    M = T.dynamic("M")
    K = T.dynamic("K")
    N = T.dynamic("N")

    @T.prim_func
    def kernel(
        A: T.Tensor((BATCH, M, K), T.float16),
        B: T.Tensor((BATCH, K, N), T.float16),
        C: T.Tensor((BATCH, M, N), T.float16),
    ):
        with T.Kernel(T.ceildiv(BATCH, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# A: input, tensor, f16, shape [BATCH x M x K]
# B: input, tensor, f16, shape [BATCH x K x N]
# C: output, tensor, f16, shape [BATCH x M x N]
# Write the result into C in place.
def solve(
    A: torch.Tensor,
    B: torch.Tensor,
    C: torch.Tensor,
    BATCH: int,
    M: int,
    N: int,
    K: int,
) -> None:
    solve_kernel()(A, B, C)
