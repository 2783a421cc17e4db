import torch


# LeetGPU's calling form: the layer itself, a torch.nn.Linear over the weight and bias.
def solve(input: torch.Tensor, model: torch.nn.Module, output: torch.Tensor) -> None:
    with torch.no_grad():
        output.copy_(model(input))
