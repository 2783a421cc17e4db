import torch


# Bug: the loss is the mean over rows, but the gradient is that of the sum (no division by N).
def solve(logits, labels, loss, dlogits, N, C):
    x = logits.view(N, C)
    y = labels.view(N).long()
    logp = torch.log_softmax(x, dim=1)
    loss.copy_((-logp[torch.arange(N, device=x.device), y]).mean().reshape(1))
    g = torch.softmax(x, dim=1)
    g[torch.arange(N, device=x.device), y] -= 1.0
    dlogits.view(N, C).copy_(g)
