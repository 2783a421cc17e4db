import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    M = T.dynamic("M")
    K = T.dynamic("K")
    N = T.dynamic("N")
    w_q_1 = T.dynamic("w_q_1")
    scales_1 = T.dynamic("scales_1")

    @T.prim_func
    def kernel(
        x: T.Tensor((M, K), T.float16),
        w_q: T.Tensor((N, w_q_1), T.uint8),
        scales: T.Tensor((N, scales_1), T.float16),
        y: T.Tensor((M, N), T.float16),
    ):
        with T.Kernel(T.ceildiv(M, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# x: input, tensor, f16, shape [M x K]
# w_q: input, tensor, u8, shape [N x K//2]
# scales: input, tensor, f16, shape [N x K//group_size]
# y: output, tensor, f16, shape [M x N]
# Write the result into y in place.
def solve(
    x: torch.Tensor,
    w_q: torch.Tensor,
    scales: torch.Tensor,
    y: torch.Tensor,
    M: int,
    N: int,
    K: int,
    group_size: int,
) -> None:
    solve_kernel()(x, w_q, scales, y)
