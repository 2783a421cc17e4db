import torch


def reference(input: torch.Tensor, output: torch.Tensor, N: int, K: int) -> None:
    count = (input.reshape(-1)[:N] == K).sum()
    output.reshape(-1)[0] = count.to(output.dtype)
