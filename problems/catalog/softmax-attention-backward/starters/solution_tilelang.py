import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    M = T.dynamic("M")
    d = T.dynamic("d")
    N = T.dynamic("N")

    @T.prim_func
    def kernel(
        Q: T.Tensor((M, d), T.float32),
        K: T.Tensor((N, d), T.float32),
        V: T.Tensor((N, d), T.float32),
        dO: T.Tensor((M, d), T.float32),
        dQ: T.Tensor((M, d), T.float32),
        dK: T.Tensor((N, d), T.float32),
        dV: T.Tensor((N, d), T.float32),
    ):
        with T.Kernel(T.ceildiv(M, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# Q: input, tensor, f32, shape [M x d]
# K: input, tensor, f32, shape [N x d]
# V: input, tensor, f32, shape [N x d]
# dO: input, tensor, f32, shape [M x d]
# dQ: output, tensor, f32, shape [M x d]
# dK: output, tensor, f32, shape [N x d]
# dV: output, tensor, f32, shape [N x d]
# Write the result into dQ, dK, dV in place.
def solve(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    dO: torch.Tensor,
    dQ: torch.Tensor,
    dK: torch.Tensor,
    dV: torch.Tensor,
    M: int,
    N: int,
    d: int,
) -> None:
    solve_kernel()(Q, K, V, dO, dQ, dK, dV)
