import torch


def solve(input, weight, bias, output, N, C, eps):
    # Bug: the sample (unbiased, 1/(C-1)) variance instead of the population variance.
    mean = input.mean(dim=1, keepdim=True)
    var = input.var(dim=1, keepdim=True, unbiased=True)
    var = torch.nan_to_num(var, nan=0.0)
    output.copy_((input - mean) / torch.sqrt(var + eps) * weight + bias)
