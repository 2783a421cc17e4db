import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    batch_size = T.dynamic("batch_size")
    input_size = T.dynamic("input_size")
    output_size = T.dynamic("output_size")

    @T.prim_func
    def kernel(
        input: T.Tensor((batch_size, input_size), T.float32),
        weight: T.Tensor((output_size, input_size), T.float32),
        bias: T.Tensor((output_size,), T.float32),
        output: T.Tensor((batch_size, output_size), T.float32),
    ):
        with T.Kernel(T.ceildiv(batch_size, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# input: input, tensor, f32, shape [batch_size x input_size]
# weight: input, tensor, f32, shape [output_size x input_size]
# bias: input, tensor, f32, shape [output_size]
# output: output, tensor, f32, shape [batch_size x output_size]
# Write the result into output in place.
def solve(
    input: torch.Tensor,
    weight: torch.Tensor,
    bias: torch.Tensor,
    output: torch.Tensor,
    batch_size: int,
    input_size: int,
    output_size: int,
) -> None:
    solve_kernel()(input, weight, bias, output)
