import torch


# Bug: no max shift; exp() overflows for large inputs and the result turns into NaN.
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    e = torch.exp(input[:N])
    torch.div(e, e.sum(), out=output[:N])
