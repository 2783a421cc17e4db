import cutlass
import cutlass.cute as cute


# x: input, cute.Tensor on the GPU, f32, shape [batch x d_in]
# W: input, cute.Tensor on the GPU, f32, shape [d_out x d_in]
# A: input, cute.Tensor on the GPU, f32, shape [rank x d_in]
# B: input, cute.Tensor on the GPU, f32, shape [d_out x rank]
# output: output, cute.Tensor on the GPU, f32, shape [batch x d_out]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    x: cute.Tensor,
    W: cute.Tensor,
    A: cute.Tensor,
    B: cute.Tensor,
    output: cute.Tensor,
    batch: cute.Int32,
    d_in: cute.Int32,
    d_out: cute.Int32,
    rank: cute.Int32,
    lora_scale: cute.Float32,
):
    pass
