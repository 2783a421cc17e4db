import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    B = T.dynamic("B")
    S = T.dynamic("S")

    @T.prim_func
    def kernel(
        rewards: T.Tensor((B, S), T.float32),
        values: T.Tensor((B, S), T.float32),
        advantages: T.Tensor((B, S), T.float32),
    ):
        with T.Kernel(T.ceildiv(B, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# rewards: input, tensor, f32, shape [B x S]
# values: input, tensor, f32, shape [B x S]
# advantages: output, tensor, f32, shape [B x S]
# Write the result into advantages in place.
def solve(
    rewards: torch.Tensor,
    values: torch.Tensor,
    advantages: torch.Tensor,
    gamma: float,
    lam: float,
    B: int,
    S: int,
) -> None:
    solve_kernel()(rewards, values, advantages)
