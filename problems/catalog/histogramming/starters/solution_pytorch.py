import torch


# Tensors are on the device; write the result into histogram in place.
def solve(input: torch.Tensor, histogram: torch.Tensor, N: int, num_bins: int) -> None:
    pass
