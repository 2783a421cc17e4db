import cutlass
import cutlass.cute as cute


# A: input, cute.Tensor on the GPU, f16, shape [BATCH x M x K]
# B: input, cute.Tensor on the GPU, f16, shape [BATCH x K x N]
# C: output, cute.Tensor on the GPU, f16, shape [BATCH x M x N]
# Write the result into C in place (launch kernels from solve).
@cute.jit
def solve(
    A: cute.Tensor,
    B: cute.Tensor,
    C: cute.Tensor,
    BATCH: cute.Int32,
    M: cute.Int32,
    N: cute.Int32,
    K: cute.Int32,
):
    pass
