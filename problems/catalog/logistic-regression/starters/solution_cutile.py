import cuda.tile as ct
import torch


# Compiled at its first launch (not timed). TILE is a compile-time constant: every
# tile dimension must be a constant power of two.
@ct.kernel
def solve_kernel(X, y, beta, n_samples, n_features, TILE: ct.Constant[int]):
    bid = ct.bid(0)  # noqa: F841 - this block's index in the grid
    # TODO: ct.load(tensor, index=(i, j), shape=(16, 16)) reads tile (i, j) of a 2-D
    # tensor, ct.store(tensor, index=(i, j), tile=t) writes one (see padding_mode)


# X: input, torch tensor on the GPU, f32, shape [n_samples x n_features]
# y: input, torch tensor on the GPU, f32, shape [n_samples]
# beta: output, torch tensor on the GPU, f32, shape [n_features]
# Write the result into beta in place.
# Launch on torch.cuda.current_stream() (the judge times it; no sync).
def solve(
    X: torch.Tensor,
    y: torch.Tensor,
    beta: torch.Tensor,
    n_samples: int,
    n_features: int,
) -> None:
    TILE = 1024
    grid = ((n_samples + TILE - 1) // TILE,)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        solve_kernel,
        (X, y, beta, n_samples, n_features, TILE),
    )
