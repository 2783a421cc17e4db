import cutlass
import cutlass.cute as cute


# rewards: input, cute.Tensor on the GPU, f32, shape [B x G]
# log_pi: input, cute.Tensor on the GPU, f32, shape [B x G x S]
# log_pi_old: input, cute.Tensor on the GPU, f32, shape [B x G x S]
# log_ref: input, cute.Tensor on the GPU, f32, shape [B x G x S]
# output: output, cute.Tensor on the GPU, f32, shape [1]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    rewards: cute.Tensor,
    log_pi: cute.Tensor,
    log_pi_old: cute.Tensor,
    log_ref: cute.Tensor,
    output: cute.Tensor,
    clip_eps: cute.Float32,
    beta: cute.Float32,
    B: cute.Int32,
    G: cute.Int32,
    S: cute.Int32,
):
    pass
