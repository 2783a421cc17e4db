import torch


def reference(
    y_samples: torch.Tensor, result: torch.Tensor, a: float, b: float, n_samples: int
) -> None:
    mean = y_samples.reshape(-1)[:n_samples].sum() / n_samples
    result.reshape(-1)[0] = (b - a) * mean
