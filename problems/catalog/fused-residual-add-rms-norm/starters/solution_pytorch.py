import torch


# x, residual, out: (N, C) float32 tensors; weight: (C,); eps: float. Write into out.
def solve(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, out: torch.Tensor,
          N: int, C: int, eps: float) -> None:
    pass
