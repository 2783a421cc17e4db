import cutlass
import cutlass.cute as cute


# input: input, cute.Tensor on the GPU, f32, flat 1-D, input_rows * input_cols elements
# kernel: input, cute.Tensor on the GPU, f32, flat 1-D, kernel_rows * kernel_cols elements
# output: output, cute.Tensor on the GPU, f32, flat 1-D, (input_rows - kernel_rows + 1) * (input_cols - kernel_cols + 1) elements
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    input: cute.Tensor,
    kernel: cute.Tensor,
    output: cute.Tensor,
    input_rows: cute.Int32,
    input_cols: cute.Int32,
    kernel_rows: cute.Int32,
    kernel_cols: cute.Int32,
):
    pass
