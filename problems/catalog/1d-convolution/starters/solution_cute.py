import cutlass
import cutlass.cute as cute


# input: input, cute.Tensor on the GPU, f32, shape [input_size]
# kernel: input, cute.Tensor on the GPU, f32, shape [kernel_size]
# output: output, cute.Tensor on the GPU, f32, shape [input_size - kernel_size + 1]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    input: cute.Tensor,
    kernel: cute.Tensor,
    output: cute.Tensor,
    input_size: cute.Int32,
    kernel_size: cute.Int32,
):
    pass
