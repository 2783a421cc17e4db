import torch


# Sums rows of 4096 elements in float32 first, then the row totals: a different
# association order from a plain float64 sum, but accurate enough in float32.
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    block = 4096
    pad = (-N) % block
    x = torch.nn.functional.pad(input[:N], (0, pad))
    output.copy_(x.view(-1, block).sum(dim=1).sum().reshape(1))
