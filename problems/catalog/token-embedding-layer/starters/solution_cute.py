import cutlass
import cutlass.cute as cute


# token_ids: input, cute.Tensor on the GPU, i32, shape [B x T]
# position_ids: input, cute.Tensor on the GPU, i32, shape [T]
# token_embeddings: input, cute.Tensor on the GPU, f32, shape [V x D]
# position_embeddings: input, cute.Tensor on the GPU, f32, shape [P x D]
# gamma: input, cute.Tensor on the GPU, f32, shape [D]
# beta: input, cute.Tensor on the GPU, f32, shape [D]
# output: output, cute.Tensor on the GPU, f32, shape [B x T x D]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    token_ids: cute.Tensor,
    position_ids: cute.Tensor,
    token_embeddings: cute.Tensor,
    position_embeddings: cute.Tensor,
    gamma: cute.Tensor,
    beta: cute.Tensor,
    output: cute.Tensor,
    B: cute.Int32,
    T: cute.Int32,
    V: cute.Int32,
    P: cute.Int32,
    D: cute.Int32,
    eps: cute.Float32,
):
    pass
