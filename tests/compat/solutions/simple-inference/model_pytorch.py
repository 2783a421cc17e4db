import torch
import torch.nn as nn


# LeetGPU's form of the problem: the trained layer itself.
def solve(input: torch.Tensor, model: nn.Module, output: torch.Tensor):
    with torch.no_grad():
        output.copy_(model(input))
