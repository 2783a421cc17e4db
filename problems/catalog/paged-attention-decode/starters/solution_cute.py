import cutlass
import cutlass.cute as cute


# q: input, cute.Tensor on the GPU, f16, shape [B x H x D]
# k_cache: input, cute.Tensor on the GPU, f16, shape [num_blocks x block_size x H x D]
# v_cache: input, cute.Tensor on the GPU, f16, shape [num_blocks x block_size x H x D]
# block_table: input, cute.Tensor on the GPU, i32, shape [B x max_blocks_per_seq]
# context_lens: input, cute.Tensor on the GPU, i32, shape [B]
# out: output, cute.Tensor on the GPU, f16, shape [B x H x D]
# Write the result into out in place (launch kernels from solve).
@cute.jit
def solve(
    q: cute.Tensor,
    k_cache: cute.Tensor,
    v_cache: cute.Tensor,
    block_table: cute.Tensor,
    context_lens: cute.Tensor,
    out: cute.Tensor,
    B: cute.Int32,
    H: cute.Int32,
    D: cute.Int32,
    num_blocks: cute.Int32,
    block_size: cute.Int32,
    max_blocks_per_seq: cute.Int32,
):
    pass
