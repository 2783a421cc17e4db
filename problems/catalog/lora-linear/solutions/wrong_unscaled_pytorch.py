import torch


# Bug: the low-rank update is added without lora_scale.
def solve(x: torch.Tensor, W: torch.Tensor, A: torch.Tensor, B: torch.Tensor,
          output: torch.Tensor, batch: int, d_in: int, d_out: int, rank: int,
          lora_scale: float) -> None:
    output.copy_(x @ W.T + (x @ A.T) @ B.T)
