import cutlass
import cutlass.cute as cute


# logits: input, cute.Tensor on the GPU, f32, shape [M x E]
# topk_weights: output, cute.Tensor on the GPU, f32, shape [M x k]
# topk_indices: output, cute.Tensor on the GPU, i32, shape [M x k]
# Write the result into topk_weights, topk_indices in place (launch kernels from solve).
@cute.jit
def solve(
    logits: cute.Tensor,
    topk_weights: cute.Tensor,
    topk_indices: cute.Tensor,
    M: cute.Int32,
    E: cute.Int32,
    k: cute.Int32,
):
    pass
