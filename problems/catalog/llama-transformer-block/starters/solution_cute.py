import cutlass
import cutlass.cute as cute


# x: input, cute.Tensor on the GPU, f32, shape [seq_len x 512]
# output: output, cute.Tensor on the GPU, f32, shape [seq_len x 512]
# weights: input, cute.Tensor on the GPU, f32, shape [2819072]
# cos: input, cute.Tensor on the GPU, f32, shape [seq_len x 32]
# sin: input, cute.Tensor on the GPU, f32, shape [seq_len x 32]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    x: cute.Tensor,
    output: cute.Tensor,
    weights: cute.Tensor,
    cos: cute.Tensor,
    sin: cute.Tensor,
    seq_len: cute.Int32,
):
    pass
