import torch
import torch.nn.functional as F


# silu(x) = x * sigmoid(x) = x / (1 + exp(-x))
def reference(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    output.copy_(F.silu(input))
