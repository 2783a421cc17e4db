import cutlass
import cutlass.cute as cute


# logits: input, cute.Tensor on the GPU, f32, shape [vocab_size]
# p: input, cute.Tensor on the GPU, f32, shape [1]
# seed: input, cute.Tensor on the GPU, i32, shape [1]
# sampled_token: output, cute.Tensor on the GPU, i32, shape [1]
# Write the result into sampled_token in place (launch kernels from solve).
@cute.jit
def solve(
    logits: cute.Tensor,
    p: cute.Tensor,
    seed: cute.Tensor,
    sampled_token: cute.Tensor,
    vocab_size: cute.Int32,
):
    pass
