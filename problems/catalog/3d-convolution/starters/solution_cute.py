import cutlass
import cutlass.cute as cute


# input: input, cute.Tensor on the GPU, f32, shape [input_depth x input_rows x input_cols]
# kernel: input, cute.Tensor on the GPU, f32, shape [kernel_depth x kernel_rows x kernel_cols]
# output: output, cute.Tensor on the GPU, f32, shape [input_depth - kernel_depth + 1 x input_rows - kernel_rows + 1 x input_cols - kernel_cols + 1]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    input: cute.Tensor,
    kernel: cute.Tensor,
    output: cute.Tensor,
    input_depth: cute.Int32,
    input_rows: cute.Int32,
    input_cols: cute.Int32,
    kernel_depth: cute.Int32,
    kernel_rows: cute.Int32,
    kernel_cols: cute.Int32,
):
    pass
