import cutlass
import cutlass.cute as cute


# draft_tokens: input, cute.Tensor on the GPU, i32, shape [B x T]
# draft_probs: input, cute.Tensor on the GPU, f32, shape [B x T x V]
# target_probs: input, cute.Tensor on the GPU, f32, shape [B x T x V]
# uniform_samples: input, cute.Tensor on the GPU, f32, shape [B x T + 1]
# output_tokens: output, cute.Tensor on the GPU, i32, shape [B x T + 1]
# Write the result into output_tokens in place (launch kernels from solve).
@cute.jit
def solve(
    draft_tokens: cute.Tensor,
    draft_probs: cute.Tensor,
    target_probs: cute.Tensor,
    uniform_samples: cute.Tensor,
    output_tokens: cute.Tensor,
    B: cute.Int32,
    T: cute.Int32,
    V: cute.Int32,
):
    pass
