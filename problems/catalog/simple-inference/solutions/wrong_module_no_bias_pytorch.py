import torch


# Bug: LeetGPU's calling form, but only the weight of the layer is applied (the bias is left out).
def solve(input: torch.Tensor, model: torch.nn.Module, output: torch.Tensor) -> None:
    with torch.no_grad():
        output.copy_(input @ model.weight.T)
