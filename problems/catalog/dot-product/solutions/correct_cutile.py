import cuda.tile as ct
import torch

TILE = 1024  # products summed by one block of the first pass
PTILE = 256  # partial sums added per step of the second pass


# First pass: the sum of A * B over each block's TILE elements (zero-padded past N).
@ct.kernel
def partial_dots(A, B, partial, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(A, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    b = ct.load(B, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(partial, index=(bid,), tile=ct.sum(a * b))


# Second pass, one block: every tile of partial sums, then the total into result[0].
@ct.kernel
def total(partial, result, PTILE: ct.Constant[int]):
    acc = ct.zeros((PTILE,), dtype=ct.float32)
    for c in range(ct.num_tiles(partial, 0, shape=(PTILE,))):
        acc = acc + ct.load(partial, index=(c,), shape=(PTILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(result, index=(0,), tile=ct.sum(acc))


def solve(A: torch.Tensor, B: torch.Tensor, result: torch.Tensor, N: int) -> None:
    blocks = (N + TILE - 1) // TILE
    partial = torch.empty(blocks, dtype=torch.float32, device=A.device)
    stream = torch.cuda.current_stream()
    ct.launch(stream, (blocks,), partial_dots, (A, B, partial, TILE))
    ct.launch(stream, (1,), total, (partial, result, PTILE))
