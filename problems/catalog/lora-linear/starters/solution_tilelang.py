import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    batch = T.dynamic("batch")
    d_in = T.dynamic("d_in")
    d_out = T.dynamic("d_out")
    rank = T.dynamic("rank")

    @T.prim_func
    def kernel(
        x: T.Tensor((batch, d_in), T.float32),
        W: T.Tensor((d_out, d_in), T.float32),
        A: T.Tensor((rank, d_in), T.float32),
        B: T.Tensor((d_out, rank), T.float32),
        output: T.Tensor((batch, d_out), T.float32),
    ):
        with T.Kernel(T.ceildiv(batch, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# x: input, tensor, f32, shape [batch x d_in]
# W: input, tensor, f32, shape [d_out x d_in]
# A: input, tensor, f32, shape [rank x d_in]
# B: input, tensor, f32, shape [d_out x rank]
# output: output, tensor, f32, shape [batch x d_out]
# Write the result into output in place.
def solve(
    x: torch.Tensor,
    W: torch.Tensor,
    A: torch.Tensor,
    B: torch.Tensor,
    output: torch.Tensor,
    batch: int,
    d_in: int,
    d_out: int,
    rank: int,
    lora_scale: float,
) -> None:
    solve_kernel()(x, W, A, B, output)
