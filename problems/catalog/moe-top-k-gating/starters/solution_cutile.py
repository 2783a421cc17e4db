import cuda.tile as ct
import torch


# Compiled at its first launch (not timed). TILE is a compile-time constant: every
# tile dimension must be a constant power of two.
@ct.kernel
def solve_kernel(logits, topk_weights, topk_indices, M, E, k, TILE: ct.Constant[int]):
    bid = ct.bid(0)  # noqa: F841 - this block's index in the grid
    # TODO: ct.load(tensor, index=(i, j), shape=(16, 16)) reads tile (i, j) of a 2-D
    # tensor, ct.store(tensor, index=(i, j), tile=t) writes one (see padding_mode)


# logits: input, torch tensor on the GPU, f32, shape [M x E]
# topk_weights: output, torch tensor on the GPU, f32, shape [M x k]
# topk_indices: output, torch tensor on the GPU, i32, shape [M x k]
# Write the result into topk_weights, topk_indices in place.
# Launch on torch.cuda.current_stream() (the judge times it; no sync).
def solve(
    logits: torch.Tensor,
    topk_weights: torch.Tensor,
    topk_indices: torch.Tensor,
    M: int,
    E: int,
    k: int,
) -> None:
    TILE = 1024
    grid = ((M + TILE - 1) // TILE,)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        solve_kernel,
        (logits, topk_weights, topk_indices, M, E, k, TILE),
    )
