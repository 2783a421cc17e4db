import torch


def solve(input, gamma, beta, output, N, C, eps):
    x = input.view(N, C)
    var, mu = torch.var_mean(x, dim=0, unbiased=False)
    scale = gamma * torch.rsqrt(var + eps)
    torch.addcmul(beta, x - mu, scale, out=output.view(N, C))
