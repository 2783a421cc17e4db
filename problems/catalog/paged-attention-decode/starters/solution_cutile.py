import cuda.tile as ct
import torch


# Compiled at its first launch (not timed). TILE is a compile-time constant: every
# tile dimension must be a constant power of two.
@ct.kernel
def solve_kernel(
    q,
    k_cache,
    v_cache,
    block_table,
    context_lens,
    out,
    B,
    H,
    D,
    num_blocks,
    block_size,
    max_blocks_per_seq,
    TILE: ct.Constant[int],
):
    bid = ct.bid(0)  # noqa: F841 - this block's index in the grid
    # TODO: ct.load(tensor, index=(i, j), shape=(16, 16)) reads tile (i, j) of a 2-D
    # tensor, ct.store(tensor, index=(i, j), tile=t) writes one (see padding_mode)


# q: input, torch tensor on the GPU, f16, shape [B x H x D]
# k_cache: input, torch tensor on the GPU, f16, shape [num_blocks x block_size x H x D]
# v_cache: input, torch tensor on the GPU, f16, shape [num_blocks x block_size x H x D]
# block_table: input, torch tensor on the GPU, i32, shape [B x max_blocks_per_seq]
# context_lens: input, torch tensor on the GPU, i32, shape [B]
# out: output, torch tensor on the GPU, f16, shape [B x H x D]
# Write the result into out in place.
# Launch on torch.cuda.current_stream() (the judge times it; no sync).
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
    TILE = 1024
    grid = ((B + TILE - 1) // TILE,)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        solve_kernel,
        (
            q,
            k_cache,
            v_cache,
            block_table,
            context_lens,
            out,
            B,
            H,
            D,
            num_blocks,
            block_size,
            max_blocks_per_seq,
            TILE,
        ),
    )
