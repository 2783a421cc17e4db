import torch


def reference(input: torch.Tensor, output: torch.Tensor, N: int, k: int) -> None:
    # The k largest values, largest first; equal values count separately.
    output.copy_(torch.topk(input[:N], k, largest=True, sorted=True).values)
