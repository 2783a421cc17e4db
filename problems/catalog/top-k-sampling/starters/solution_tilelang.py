import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    B = T.dynamic("B")
    V = T.dynamic("V")

    @T.prim_func
    def kernel(
        logits: T.Tensor((B, V), T.float32),
        u: T.Tensor((B,), T.float32),
        tokens: T.Tensor((B,), T.int32),
    ):
        with T.Kernel(T.ceildiv(B, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# logits: input, tensor, f32, shape [B x V]
# u: input, tensor, f32, shape [B]
# tokens: output, tensor, i32, shape [B]
# Write the result into tokens in place.
def solve(
    logits: torch.Tensor,
    u: torch.Tensor,
    tokens: torch.Tensor,
    B: int,
    V: int,
    k: int,
    temperature: float,
) -> None:
    solve_kernel()(logits, u, tokens)
