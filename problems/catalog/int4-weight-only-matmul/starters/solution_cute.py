import cutlass
import cutlass.cute as cute


# x: input, cute.Tensor on the GPU, f16, shape [M x K]
# w_q: input, cute.Tensor on the GPU, u8, shape [N x K//2]
# scales: input, cute.Tensor on the GPU, f16, shape [N x K//group_size]
# y: output, cute.Tensor on the GPU, f16, shape [M x N]
# Write the result into y in place (launch kernels from solve).
@cute.jit
def solve(
    x: cute.Tensor,
    w_q: cute.Tensor,
    scales: cute.Tensor,
    y: cute.Tensor,
    M: cute.Int32,
    N: cute.Int32,
    K: cute.Int32,
    group_size: cute.Int32,
):
    pass
