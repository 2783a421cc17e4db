import cutlass
import cutlass.cute as cute


# input: input, cute.Tensor on the GPU, f32, flat 1-D, N * C * H * W elements
# output: output, cute.Tensor on the GPU, f32, flat 1-D, N * C * ((H + 2*padding - kernel_size) // stride + 1) * ((W + 2*padding - kernel_size) // stride + 1) elements
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    input: cute.Tensor,
    output: cute.Tensor,
    N: cute.Int32,
    C: cute.Int32,
    H: cute.Int32,
    W: cute.Int32,
    kernel_size: cute.Int32,
    stride: cute.Int32,
    padding: cute.Int32,
):
    pass
