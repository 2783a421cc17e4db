import cutlass
import cutlass.cute as cute


# Q: input, cute.Tensor on the GPU, f32, shape [M x d]
# K: input, cute.Tensor on the GPU, f32, shape [N x d]
# V: input, cute.Tensor on the GPU, f32, shape [N x d]
# dO: input, cute.Tensor on the GPU, f32, shape [M x d]
# dQ: output, cute.Tensor on the GPU, f32, shape [M x d]
# dK: output, cute.Tensor on the GPU, f32, shape [N x d]
# dV: output, cute.Tensor on the GPU, f32, shape [N x d]
# Write the result into dQ, dK, dV in place (launch kernels from solve).
@cute.jit
def solve(
    Q: cute.Tensor,
    K: cute.Tensor,
    V: cute.Tensor,
    dO: cute.Tensor,
    dQ: cute.Tensor,
    dK: cute.Tensor,
    dV: cute.Tensor,
    M: cute.Int32,
    N: cute.Int32,
    d: cute.Int32,
):
    pass
