import cutlass
import cutlass.cute as cute


# Q: input, cute.Tensor on the GPU, f32, shape [seq_len x d_model]
# K: input, cute.Tensor on the GPU, f32, shape [seq_len x d_model]
# V: input, cute.Tensor on the GPU, f32, shape [seq_len x d_model]
# output: output, cute.Tensor on the GPU, f32, shape [seq_len x d_model]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    Q: cute.Tensor,
    K: cute.Tensor,
    V: cute.Tensor,
    output: cute.Tensor,
    seq_len: cute.Int32,
    d_model: cute.Int32,
    gamma: cute.Float32,
):
    pass
