import cuda.tile as ct
import torch

TILE = 1024
PTILE = 256


@ct.kernel
def partial_dots(A, B, partial, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(A, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    b = ct.load(B, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(partial, index=(bid,), tile=ct.sum(a * b))


# Wrong: the second pass reads one tile of PTILE partial sums and no loop follows, so any
# partial sum past the first PTILE (N > PTILE * TILE = 262144) is left out.
@ct.kernel
def total(partial, result, PTILE: ct.Constant[int]):
    acc = ct.load(partial, index=(0,), shape=(PTILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(result, index=(0,), tile=ct.sum(acc))


def solve(A: torch.Tensor, B: torch.Tensor, result: torch.Tensor, N: int) -> None:
    blocks = (N + TILE - 1) // TILE
    partial = torch.empty(blocks, dtype=torch.float32, device=A.device)
    stream = torch.cuda.current_stream()
    ct.launch(stream, (blocks,), partial_dots, (A, B, partial, TILE))
    ct.launch(stream, (1,), total, (partial, result, PTILE))
