import cutlass
import cutlass.cute as cute


# u: input, cute.Tensor on the GPU, f32, shape [batch x seq_len x d_model]
# delta: input, cute.Tensor on the GPU, f32, shape [batch x seq_len x d_model]
# A: input, cute.Tensor on the GPU, f32, shape [d_model x d_state]
# B: input, cute.Tensor on the GPU, f32, shape [batch x seq_len x d_state]
# C: input, cute.Tensor on the GPU, f32, shape [batch x seq_len x d_state]
# skip: input, cute.Tensor on the GPU, f32, shape [d_model]
# y: output, cute.Tensor on the GPU, f32, shape [batch x seq_len x d_model]
# Write the result into y in place (launch kernels from solve).
@cute.jit
def solve(
    u: cute.Tensor,
    delta: cute.Tensor,
    A: cute.Tensor,
    B: cute.Tensor,
    C: cute.Tensor,
    skip: cute.Tensor,
    y: cute.Tensor,
    batch: cute.Int32,
    seq_len: cute.Int32,
    d_model: cute.Int32,
    d_state: cute.Int32,
):
    pass
