import torch


# Max shift, then a blocked float32 sum of the exponentials (rows of 1024, then row totals).
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    x = input[:N]
    e = torch.exp(x - x.max())
    pad = (-N) % 1024
    total = torch.nn.functional.pad(e, (0, pad)).view(-1, 1024).sum(dim=1).sum()
    torch.div(e, total, out=output[:N])
