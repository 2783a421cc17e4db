import cuda.tile as ct
import torch

T = 32  # square tiles: tile (i, j) of input becomes tile (j, i) of output


# input is rows x cols, output cols x rows: each block transposes one T x T tile, both the
# tile's place and the elements inside it.
@ct.kernel
def transpose(x, y, T: ct.Constant[int]):
    i, j = ct.bid(0), ct.bid(1)
    tile = ct.load(x, index=(i, j), shape=(T, T), padding_mode=ct.PaddingMode.ZERO)
    ct.store(y, index=(j, i), tile=ct.transpose(tile))


def solve(input: torch.Tensor, output: torch.Tensor, rows: int, cols: int) -> None:
    grid = ((rows + T - 1) // T, (cols + T - 1) // T)
    ct.launch(torch.cuda.current_stream(), grid, transpose, (input, output, T))
