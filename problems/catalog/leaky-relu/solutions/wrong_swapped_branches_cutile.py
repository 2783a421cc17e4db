import cuda.tile as ct
import torch

TILE = 1024


# Wrong: the two branches of the where are swapped (positive inputs get the 0.01 slope,
# negative ones pass through).
@ct.kernel
def leaky_relu(x_in, y_out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(x_in, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(y_out, index=(bid,), tile=ct.where(x > 0, x * 0.01, x))


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    grid = ((N + TILE - 1) // TILE,)
    ct.launch(torch.cuda.current_stream(), grid, leaky_relu, (input, output, TILE))
