import cuda.tile as ct
import torch

T = 32


# Wrong: the tile goes to the transposed place (j, i) but its elements are not transposed,
# so output[c, r] receives input[r0 + c - c0, c0 + r - r0] instead of input[r, c].
@ct.kernel
def transpose(x, y, T: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    tile = ct.load(x, index=(i, j), shape=(T, T), padding_mode=ct.PaddingMode.ZERO)
    ct.store(y, index=(j, i), tile=tile)


def solve(input: torch.Tensor, output: torch.Tensor, rows: int, cols: int) -> None:
    grid = ((rows + T - 1) // T, (cols + T - 1) // T)
    ct.launch(torch.cuda.current_stream(), grid, transpose, (input, output, T))
