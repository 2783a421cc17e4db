import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    input_depth = T.dynamic("input_depth")
    input_rows = T.dynamic("input_rows")
    input_cols = T.dynamic("input_cols")
    kernel_depth = T.dynamic("kernel_depth")
    kernel_rows = T.dynamic("kernel_rows")
    kernel_cols = T.dynamic("kernel_cols")
    output_0 = T.dynamic("output_0")
    output_1 = T.dynamic("output_1")
    output_2 = T.dynamic("output_2")

    @T.prim_func
    def kernel(
        input: T.Tensor((input_depth, input_rows, input_cols), T.float32),
        kernel: T.Tensor((kernel_depth, kernel_rows, kernel_cols), T.float32),
        output: T.Tensor((output_0, output_1, output_2), T.float32),
    ):
        with T.Kernel(T.ceildiv(input_depth, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# input: input, tensor, f32, shape [input_depth x input_rows x input_cols]
# kernel: input, tensor, f32, shape [kernel_depth x kernel_rows x kernel_cols]
# output: output, tensor, f32, shape [input_depth - kernel_depth + 1 x input_rows - kernel_rows + 1 x input_cols - kernel_cols + 1]
# Write the result into output in place.
def solve(
    input: torch.Tensor,
    kernel: torch.Tensor,
    output: torch.Tensor,
    input_depth: int,
    input_rows: int,
    input_cols: int,
    kernel_depth: int,
    kernel_rows: int,
    kernel_cols: int,
) -> None:
    solve_kernel()(input, kernel, output)
