import torch


# Bug: writes sigmoid as e^x / (1 + e^x); e^x overflows to inf for x > 88.7 and inf / inf is
# NaN, so large positive inputs come out as NaN.
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    e = torch.exp(input)
    output.copy_(input * e / (1 + e))
