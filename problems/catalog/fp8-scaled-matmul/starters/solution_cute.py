import cutlass
import cutlass.cute as cute


# A: input, cute.Tensor on the GPU, f8e4m3, shape [M x K]
# B: input, cute.Tensor on the GPU, f8e4m3, shape [N x K]
# scale_a: input, cute.Tensor on the GPU, f32, shape [M]
# scale_b: input, cute.Tensor on the GPU, f32, shape [N]
# C: output, cute.Tensor on the GPU, bf16, shape [M x N]
# Write the result into C in place (launch kernels from solve).
@cute.jit
def solve(
    A: cute.Tensor,
    B: cute.Tensor,
    scale_a: cute.Tensor,
    scale_b: cute.Tensor,
    C: cute.Tensor,
    M: cute.Int32,
    N: cute.Int32,
    K: cute.Int32,
):
    pass
