import cutlass
import cutlass.cute as cute


# A: input, cute.Tensor on the GPU, f32, shape [M x N]
# x: input, cute.Tensor on the GPU, f32, shape [N]
# y: output, cute.Tensor on the GPU, f32, shape [M]
# Write the result into y in place (launch kernels from solve).
@cute.jit
def solve(
    A: cute.Tensor,
    x: cute.Tensor,
    y: cute.Tensor,
    M: cute.Int32,
    N: cute.Int32,
    nnz: cute.Int32,
):
    pass
