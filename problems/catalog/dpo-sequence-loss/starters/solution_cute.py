import cutlass
import cutlass.cute as cute


# chosen_logps: input, cute.Tensor on the GPU, f32, shape [B]
# rejected_logps: input, cute.Tensor on the GPU, f32, shape [B]
# chosen_ref_logps: input, cute.Tensor on the GPU, f32, shape [B]
# rejected_ref_logps: input, cute.Tensor on the GPU, f32, shape [B]
# output: output, cute.Tensor on the GPU, f32, shape [1]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    chosen_logps: cute.Tensor,
    rejected_logps: cute.Tensor,
    chosen_ref_logps: cute.Tensor,
    rejected_ref_logps: cute.Tensor,
    output: cute.Tensor,
    beta: cute.Float32,
    B: cute.Int32,
):
    pass
