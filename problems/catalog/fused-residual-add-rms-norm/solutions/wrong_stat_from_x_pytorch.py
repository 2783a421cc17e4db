import torch


# Bug: the RMS statistic is taken over x alone instead of over z = x + residual.
def solve(x, residual, weight, out, N, C, eps):
    z = x + residual
    rms = torch.sqrt((x * x).mean(dim=1, keepdim=True) + eps)
    out.copy_(z / rms * weight)
