import cutlass
import cutlass.cute as cute


# logits: input, cute.Tensor on the GPU, f32, shape [N x C]
# labels: input, cute.Tensor on the GPU, i32, shape [N]
# loss: output, cute.Tensor on the GPU, f32, shape [1]
# dlogits: output, cute.Tensor on the GPU, f32, shape [N x C]
# Write the result into loss, dlogits in place (launch kernels from solve).
@cute.jit
def solve(
    logits: cute.Tensor,
    labels: cute.Tensor,
    loss: cute.Tensor,
    dlogits: cute.Tensor,
    N: cute.Int32,
    C: cute.Int32,
):
    pass
