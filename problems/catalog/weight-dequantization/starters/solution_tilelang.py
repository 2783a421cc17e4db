import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    M = T.dynamic("M")
    N = T.dynamic("N")
    S_0 = T.dynamic("S_0")
    S_1 = T.dynamic("S_1")

    @T.prim_func
    def kernel(
        X: T.Tensor((M, N), T.float32),
        S: T.Tensor((S_0, S_1), T.float32),
        Y: T.Tensor((M, N), T.float32),
    ):
        with T.Kernel(T.ceildiv(M, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# X: input, tensor, f32, shape [M x N]
# S: input, tensor, f32, shape [cdiv(M, TILE_SIZE) x cdiv(N, TILE_SIZE)]
# Y: output, tensor, f32, shape [M x N]
# Write the result into Y in place.
def solve(
    X: torch.Tensor,
    S: torch.Tensor,
    Y: torch.Tensor,
    M: int,
    N: int,
    TILE_SIZE: int,
) -> None:
    solve_kernel()(X, S, Y)
