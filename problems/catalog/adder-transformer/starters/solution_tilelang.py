import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    batch_size = T.dynamic("batch_size")

    @T.prim_func
    def kernel(
        prompts: T.Tensor((batch_size, 31), T.int32),
        output: T.Tensor((batch_size, 11, 10), T.float32),
        weights: T.Tensor((10,), T.float32),
    ):
        with T.Kernel(T.ceildiv(batch_size, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# prompts: input, tensor, i32, shape [batch_size x 31]
# output: output, tensor, f32, shape [batch_size x 11 x 10]
# weights: input, tensor, f32, shape [10]
# Write the result into output in place.
def solve(
    prompts: torch.Tensor,
    output: torch.Tensor,
    weights: torch.Tensor,
    batch_size: int,
) -> None:
    solve_kernel()(prompts, output, weights)
