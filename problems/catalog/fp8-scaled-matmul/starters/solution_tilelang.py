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
        A: T.Tensor((M, K), T.float8_e4m3fn),
        B: T.Tensor((N, K), T.float8_e4m3fn),
        scale_a: T.Tensor((M,), T.float32),
        scale_b: T.Tensor((N,), T.float32),
        C: T.Tensor((M, N), T.bfloat16),
    ):
        with T.Kernel(T.ceildiv(M, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# A: input, tensor, f8e4m3, shape [M x K]
# B: input, tensor, f8e4m3, shape [N x K]
# scale_a: input, tensor, f32, shape [M]
# scale_b: input, tensor, f32, shape [N]
# C: output, tensor, bf16, shape [M x N]
# Write the result into C in place.
def solve(
    A: torch.Tensor,
    B: torch.Tensor,
    scale_a: torch.Tensor,
    scale_b: torch.Tensor,
    C: torch.Tensor,
    M: int,
    N: int,
    K: int,
) -> None:
    solve_kernel()(A, B, scale_a, scale_b, C)
