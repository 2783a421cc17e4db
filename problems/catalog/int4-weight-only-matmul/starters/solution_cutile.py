import cuda.tile as ct
import torch


# Compiled at its first launch (not timed). TILE is a compile-time constant: every
# tile dimension must be a constant power of two.
@ct.kernel
def solve_kernel(x, w_q, scales, y, M, N, K, group_size, TILE: ct.Constant[int]):
    bid = ct.bid(0)  # noqa: F841 - this block's index in the grid
    # TODO: ct.load(tensor, index=(i, j), shape=(16, 16)) reads tile (i, j) of a 2-D
    # tensor, ct.store(tensor, index=(i, j), tile=t) writes one (see padding_mode)


# x: input, torch tensor on the GPU, f16, shape [M x K]
# w_q: input, torch tensor on the GPU, u8, shape [N x K//2]
# scales: input, torch tensor on the GPU, f16, shape [N x K//group_size]
# y: output, torch tensor on the GPU, f16, shape [M x N]
# Write the result into y in place.
# Launch on torch.cuda.current_stream() (the judge times it; no sync).
def solve(
    x: torch.Tensor,
    w_q: torch.Tensor,
    scales: torch.Tensor,
    y: torch.Tensor,
    M: int,
    N: int,
    K: int,
    group_size: int,
) -> None:
    TILE = 1024
    grid = ((M + TILE - 1) // TILE,)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        solve_kernel,
        (x, w_q, scales, y, M, N, K, group_size, TILE),
    )
