import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    seq_len = T.dynamic("seq_len")

    @T.prim_func
    def kernel(
        x: T.Tensor((seq_len, 768), T.float32),
        output: T.Tensor((seq_len, 768), T.float32),
        weights: T.Tensor((7087872,), T.float32),
    ):
        with T.Kernel(T.ceildiv(seq_len, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# x: input, tensor, f32, shape [seq_len x 768]
# output: output, tensor, f32, shape [seq_len x 768]
# weights: input, tensor, f32, shape [7087872]
# Write the result into output in place.
def solve(x: torch.Tensor, output: torch.Tensor, weights: torch.Tensor, seq_len: int) -> None:
    solve_kernel()(x, output, weights)
