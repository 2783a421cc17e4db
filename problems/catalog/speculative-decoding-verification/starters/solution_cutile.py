import cuda.tile as ct
import torch


# Compiled at its first launch (not timed). TILE is a compile-time constant: every
# tile dimension must be a constant power of two.
@ct.kernel
def solve_kernel(
    draft_tokens,
    draft_probs,
    target_probs,
    uniform_samples,
    output_tokens,
    B,
    T,
    V,
    TILE: ct.Constant[int],
):
    bid = ct.bid(0)  # noqa: F841 - this block's index in the grid
    # TODO: ct.load(tensor, index=(i, j), shape=(16, 16)) reads tile (i, j) of a 2-D
    # tensor, ct.store(tensor, index=(i, j), tile=t) writes one (see padding_mode)


# draft_tokens: input, torch tensor on the GPU, i32, shape [B x T]
# draft_probs: input, torch tensor on the GPU, f32, shape [B x T x V]
# target_probs: input, torch tensor on the GPU, f32, shape [B x T x V]
# uniform_samples: input, torch tensor on the GPU, f32, shape [B x T + 1]
# output_tokens: output, torch tensor on the GPU, i32, shape [B x T + 1]
# Write the result into output_tokens in place.
# Launch on torch.cuda.current_stream() (the judge times it; no sync).
def solve(
    draft_tokens: torch.Tensor,
    draft_probs: torch.Tensor,
    target_probs: torch.Tensor,
    uniform_samples: torch.Tensor,
    output_tokens: torch.Tensor,
    B: int,
    T: int,
    V: int,
) -> None:
    TILE = 1024
    grid = ((B + TILE - 1) // TILE,)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        solve_kernel,
        (draft_tokens, draft_probs, target_probs, uniform_samples, output_tokens, B, T, V, TILE),
    )
