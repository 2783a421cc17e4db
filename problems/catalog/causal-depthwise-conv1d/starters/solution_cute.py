import cutlass
import cutlass.cute as cute


# x: input, cute.Tensor on the GPU, f32, shape [B x L x D]
# weight: input, cute.Tensor on the GPU, f32, shape [D x K]
# bias: input, cute.Tensor on the GPU, f32, shape [D]
# output: output, cute.Tensor on the GPU, f32, shape [B x L x D]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    x: cute.Tensor,
    weight: cute.Tensor,
    bias: cute.Tensor,
    output: cute.Tensor,
    B: cute.Int32,
    L: cute.Int32,
    D: cute.Int32,
    K: cute.Int32,
):
    pass
