import torch


def reference(predictions: torch.Tensor, targets: torch.Tensor, mse: torch.Tensor, N: int) -> None:
    d = predictions[:N].to(torch.float64) - targets[:N].to(torch.float64)
    mse.copy_((torch.dot(d, d) / N).reshape(1))
