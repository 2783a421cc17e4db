import cuda.tile as ct
import torch


# Compiled at its first launch (not timed). TILE is a compile-time constant: every
# tile dimension must be a constant power of two.
@ct.kernel
def solve_kernel(input, gamma, beta, output, N, C, eps, TILE: ct.Constant[int]):
    bid = ct.bid(0)  # noqa: F841 - this block's index in the grid
    # TODO: ct.load(tensor, index=(i, j), shape=(16, 16)) reads tile (i, j) of a 2-D
    # tensor, ct.store(tensor, index=(i, j), tile=t) writes one (see padding_mode)


# input: input, torch tensor on the GPU, f32, shape [N x C]
# gamma: input, torch tensor on the GPU, f32, shape [C]
# beta: input, torch tensor on the GPU, f32, shape [C]
# output: output, torch tensor on the GPU, f32, shape [N x C]
# Write the result into output in place.
# Launch on torch.cuda.current_stream() (the judge times it; no sync).
def solve(
    input: torch.Tensor,
    gamma: torch.Tensor,
    beta: torch.Tensor,
    output: torch.Tensor,
    N: int,
    C: int,
    eps: float,
) -> None:
    TILE = 1024
    grid = ((N + TILE - 1) // TILE,)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        solve_kernel,
        (input, gamma, beta, output, N, C, eps, TILE),
    )
