import torch
import torch.nn.functional as F


def solve(input: torch.Tensor, kernel: torch.Tensor, output: torch.Tensor,
          input_size: int, kernel_size: int) -> None:
    out = F.conv1d(input.view(1, 1, input_size), kernel.view(1, 1, kernel_size))
    output.copy_(out.view(-1))
