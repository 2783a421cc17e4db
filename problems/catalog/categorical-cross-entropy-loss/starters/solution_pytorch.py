import torch


# Tensors are on the device; write the result into loss in place.
def solve(logits: torch.Tensor, true_labels: torch.Tensor, loss: torch.Tensor, N: int, C: int) -> None:
    pass
