import cutlass
import cutlass.cute as cute


# logits: input, cute.Tensor on the GPU, f32, shape [B x V]
# u: input, cute.Tensor on the GPU, f32, shape [B]
# tokens: output, cute.Tensor on the GPU, i32, shape [B]
# Write the result into tokens in place (launch kernels from solve).
@cute.jit
def solve(
    logits: cute.Tensor,
    u: cute.Tensor,
    tokens: cute.Tensor,
    B: cute.Int32,
    V: cute.Int32,
    k: cute.Int32,
    temperature: cute.Float32,
):
    pass
