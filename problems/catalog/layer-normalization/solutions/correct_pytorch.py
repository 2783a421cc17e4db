import torch


def solve(input, weight, bias, output, N, C, eps):
    y = torch.nn.functional.layer_norm(input, (C,), weight, bias, eps)
    output.copy_(y)
