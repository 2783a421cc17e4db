import cutlass
import cutlass.cute as cute


# Q: input, cute.Tensor on the GPU, f32, shape [num_q_heads x seq_len x head_dim]
# K: input, cute.Tensor on the GPU, f32, shape [num_kv_heads x seq_len x head_dim]
# V: input, cute.Tensor on the GPU, f32, shape [num_kv_heads x seq_len x head_dim]
# output: output, cute.Tensor on the GPU, f32, shape [num_q_heads x seq_len x head_dim]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    Q: cute.Tensor,
    K: cute.Tensor,
    V: cute.Tensor,
    output: cute.Tensor,
    num_q_heads: cute.Int32,
    num_kv_heads: cute.Int32,
    seq_len: cute.Int32,
    head_dim: cute.Int32,
):
    pass
