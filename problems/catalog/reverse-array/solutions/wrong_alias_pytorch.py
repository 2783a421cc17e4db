import torch


# Bug: swaps the halves in two steps without a temporary copy; the second step reads the front
# half after it was already overwritten, so the back half ends up unchanged.
def solve(input: torch.Tensor, N: int) -> None:
    h = N // 2
    input[:h] = input[N - h:].flip(0)
    input[N - h:] = input[:h].flip(0)
