import cuda.tile as ct
import torch


# Compiled at its first launch (not timed). TILE is a compile-time constant: every
# tile dimension must be a constant power of two.
@ct.kernel
def solve_kernel(Q, K, V, output, M, d, window_size, TILE: ct.Constant[int]):
    bid = ct.bid(0)  # noqa: F841 - this block's index in the grid
    # TODO: ct.load(tensor, index=(i, j), shape=(16, 16)) reads tile (i, j) of a 2-D
    # tensor, ct.store(tensor, index=(i, j), tile=t) writes one (see padding_mode)


# Q: input, torch tensor on the GPU, f32, shape [M x d]
# K: input, torch tensor on the GPU, f32, shape [M x d]
# V: input, torch tensor on the GPU, f32, shape [M x d]
# output: output, torch tensor on the GPU, f32, shape [M x d]
# Write the result into output in place.
# Launch on torch.cuda.current_stream() (the judge times it; no sync).
def solve(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    M: int,
    d: int,
    window_size: int,
) -> None:
    TILE = 1024
    grid = ((M + TILE - 1) // TILE,)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        solve_kernel,
        (Q, K, V, output, M, d, window_size, TILE),
    )
