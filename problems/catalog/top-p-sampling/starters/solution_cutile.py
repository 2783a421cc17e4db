import cuda.tile as ct
import torch


# Compiled at its first launch (not timed). TILE is a compile-time constant: every
# tile dimension must be a constant power of two.
@ct.kernel
def solve_kernel(logits, p, seed, sampled_token, vocab_size, TILE: ct.Constant[int]):
    bid = ct.bid(0)  # noqa: F841 - this block's index in the grid
    # TODO: for example (tiles past the end are padded on load, dropped on store):
    # t = ct.load(logits, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    # ct.store(sampled_token, index=(bid,), tile=t)


# logits: input, torch tensor on the GPU, f32, shape [vocab_size]
# p: input, torch tensor on the GPU, f32, shape [1]
# seed: input, torch tensor on the GPU, i32, shape [1]
# sampled_token: output, torch tensor on the GPU, i32, shape [1]
# Write the result into sampled_token in place.
# Launch on torch.cuda.current_stream() (the judge times it; no sync).
def solve(
    logits: torch.Tensor,
    p: torch.Tensor,
    seed: torch.Tensor,
    sampled_token: torch.Tensor,
    vocab_size: int,
) -> None:
    TILE = 1024
    grid = ((vocab_size + TILE - 1) // TILE,)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        solve_kernel,
        (logits, p, seed, sampled_token, vocab_size, TILE),
    )
