import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    B = T.dynamic("B")
    H = T.dynamic("H")
    D = T.dynamic("D")
    num_blocks = T.dynamic("num_blocks")
    block_size = T.dynamic("block_size")
    max_blocks_per_seq = T.dynamic("max_blocks_per_seq")

    @T.prim_func
    def kernel(
        q: T.Tensor((B, H, D), T.float16),
        k_cache: T.Tensor((num_blocks, block_size, H, D), T.float16),
        v_cache: T.Tensor((num_blocks, block_size, H, D), T.float16),
        block_table: T.Tensor((B, max_blocks_per_seq), T.int32),
        context_lens: T.Tensor((B,), T.int32),
        out: T.Tensor((B, H, D), T.float16),
    ):
        with T.Kernel(T.ceildiv(B, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# q: input, tensor, f16, shape [B x H x D]
# k_cache: input, tensor, f16, shape [num_blocks x block_size x H x D]
# v_cache: input, tensor, f16, shape [num_blocks x block_size x H x D]
# block_table: input, tensor, i32, shape [B x max_blocks_per_seq]
# context_lens: input, tensor, i32, shape [B]
# out: output, tensor, f16, shape [B x H x D]
# Write the result into out in place.
def solve(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    block_table: torch.Tensor,
    context_lens: torch.Tensor,
    out: torch.Tensor,
    B: int,
    H: int,
    D: int,
    num_blocks: int,
    block_size: int,
    max_blocks_per_seq: int,
) -> None:
    solve_kernel()(q, k_cache, v_cache, block_table, context_lens, out)
