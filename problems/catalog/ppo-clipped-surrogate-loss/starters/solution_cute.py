import cutlass
import cutlass.cute as cute


# advantages: input, cute.Tensor on the GPU, f32, shape [B x S]
# log_pi: input, cute.Tensor on the GPU, f32, shape [B x S]
# log_pi_old: input, cute.Tensor on the GPU, f32, shape [B x S]
# output: output, cute.Tensor on the GPU, f32, shape [1]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    advantages: cute.Tensor,
    log_pi: cute.Tensor,
    log_pi_old: cute.Tensor,
    output: cute.Tensor,
    clip_eps: cute.Float32,
    B: cute.Int32,
    S: cute.Int32,
):
    pass
