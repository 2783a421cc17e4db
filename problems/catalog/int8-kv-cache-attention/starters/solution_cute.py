import cutlass
import cutlass.cute as cute


# Q: input, cute.Tensor on the GPU, f32, shape [num_heads x head_dim]
# K_int8: input, cute.Tensor on the GPU, i8, shape [num_heads x seq_len x head_dim]
# V_int8: input, cute.Tensor on the GPU, i8, shape [num_heads x seq_len x head_dim]
# k_scale: input, cute.Tensor on the GPU, f32, shape [num_heads x seq_len]
# v_scale: input, cute.Tensor on the GPU, f32, shape [num_heads x seq_len]
# output: output, cute.Tensor on the GPU, f32, shape [num_heads x head_dim]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    Q: cute.Tensor,
    K_int8: cute.Tensor,
    V_int8: cute.Tensor,
    k_scale: cute.Tensor,
    v_scale: cute.Tensor,
    output: cute.Tensor,
    num_heads: cute.Int32,
    seq_len: cute.Int32,
    head_dim: cute.Int32,
):
    pass
