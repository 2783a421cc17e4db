import torch


# Tensors are on the device; write the result into mse in place.
def solve(predictions: torch.Tensor, targets: torch.Tensor, mse: torch.Tensor, N: int) -> None:
    pass
