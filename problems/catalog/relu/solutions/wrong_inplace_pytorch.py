import torch


# Bug: applies ReLU in place on the input and copies it over; the output is right, but the
# input, which must stay unchanged, has been overwritten.
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    torch.relu_(input)
    output.copy_(input)
