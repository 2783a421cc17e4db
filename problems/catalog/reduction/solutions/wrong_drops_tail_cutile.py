import cuda.tile as ct
import torch

TILE = 4096
PTILE = 1024


@ct.kernel
def partial_sums(x, partial, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(partial, index=(bid,), tile=ct.sum(t))


# Wrong: the second pass runs P // PTILE steps, dropping the last P % PTILE partial sums
# (for fewer than PTILE partials, that is all of them: the output stays 0).
@ct.kernel
def total(partial, out, P, PTILE: ct.Constant[int]):
    acc = ct.zeros((PTILE,), dtype=ct.float32)
    for c in range(P // PTILE):
        acc = acc + ct.load(partial, index=(c,), shape=(PTILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, index=(0,), tile=ct.sum(acc))


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    blocks = (N + TILE - 1) // TILE
    partial = torch.empty(blocks, dtype=torch.float32, device=input.device)
    stream = torch.cuda.current_stream()
    ct.launch(stream, (blocks,), partial_sums, (input, partial, TILE))
    ct.launch(stream, (1,), total, (partial, output, blocks, PTILE))
