import cutlass
import cutlass.cute as cute


# Q: input, cute.Tensor on the GPU, f32, shape [M x H x D]
# K: input, cute.Tensor on the GPU, f32, shape [N x H x D]
# V: input, cute.Tensor on the GPU, f32, shape [N x H x D]
# output: output, cute.Tensor on the GPU, f32, shape [M x H x D]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    Q: cute.Tensor,
    K: cute.Tensor,
    V: cute.Tensor,
    output: cute.Tensor,
    M: cute.Int32,
    N: cute.Int32,
    H: cute.Int32,
    D: cute.Int32,
):
    pass
