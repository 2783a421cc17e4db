import cuda.tile as ct
import torch


# Compiled at its first launch (not timed). TILE is a compile-time constant: every
# tile dimension must be a constant power of two.
@ct.kernel
def solve_kernel(
    token_ids,
    position_ids,
    token_embeddings,
    position_embeddings,
    gamma,
    beta,
    output,
    B,
    T,
    V,
    P,
    D,
    eps,
    TILE: ct.Constant[int],
):
    bid = ct.bid(0)  # noqa: F841 - this block's index in the grid
    # TODO: ct.load(tensor, index=(i, j), shape=(16, 16)) reads tile (i, j) of a 2-D
    # tensor, ct.store(tensor, index=(i, j), tile=t) writes one (see padding_mode)


# token_ids: input, torch tensor on the GPU, i32, shape [B x T]
# position_ids: input, torch tensor on the GPU, i32, shape [T]
# token_embeddings: input, torch tensor on the GPU, f32, shape [V x D]
# position_embeddings: input, torch tensor on the GPU, f32, shape [P x D]
# gamma: input, torch tensor on the GPU, f32, shape [D]
# beta: input, torch tensor on the GPU, f32, shape [D]
# output: output, torch tensor on the GPU, f32, shape [B x T x D]
# Write the result into output in place.
# Launch on torch.cuda.current_stream() (the judge times it; no sync).
def solve(
    token_ids: torch.Tensor,
    position_ids: torch.Tensor,
    token_embeddings: torch.Tensor,
    position_embeddings: torch.Tensor,
    gamma: torch.Tensor,
    beta: torch.Tensor,
    output: torch.Tensor,
    B: int,
    T: int,
    V: int,
    P: int,
    D: int,
    eps: float,
) -> None:
    TILE = 1024
    grid = ((B + TILE - 1) // TILE,)
    ct.launch(
        torch.cuda.current_stream(),
        grid,
        solve_kernel,
        (
            token_ids,
            position_ids,
            token_embeddings,
            position_embeddings,
            gamma,
            beta,
            output,
            B,
            T,
            V,
            P,
            D,
            eps,
            TILE,
        ),
    )
