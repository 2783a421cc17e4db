import cuda.tile as ct
import torch

TILE = 4096  # elements summed by one block of the first pass
PTILE = 1024  # partial sums added per step of the second pass


# First pass: one partial sum per block of TILE elements (the last tile zero-padded, so the
# padding adds nothing).
@ct.kernel
def partial_sums(x, partial, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(partial, index=(bid,), tile=ct.sum(t))


# Second pass, one block: PTILE running sums over every tile of partials, then their sum.
@ct.kernel
def total(partial, out, PTILE: ct.Constant[int]):
    acc = ct.zeros((PTILE,), dtype=ct.float32)
    for c in range(ct.num_tiles(partial, 0, shape=(PTILE,))):
        acc = acc + ct.load(partial, index=(c,), shape=(PTILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, index=(0,), tile=ct.sum(acc))


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    blocks = (N + TILE - 1) // TILE
    partial = torch.empty(blocks, dtype=torch.float32, device=input.device)
    stream = torch.cuda.current_stream()
    ct.launch(stream, (blocks,), partial_sums, (input, partial, TILE))
    ct.launch(stream, (1,), total, (partial, output, PTILE))
