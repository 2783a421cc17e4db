import torch


# Max-shifted softmax per row in fp32, gradient (p - onehot) / N, mean of lse - x[label].
def solve(logits, labels, loss, dlogits, N, C):
    x = logits.view(N, C)
    y = labels.view(N, 1).long()
    m = x.max(dim=1, keepdim=True).values
    e = torch.exp(x - m)
    s = e.sum(dim=1, keepdim=True)
    loss.copy_((m + torch.log(s) - x.gather(1, y)).mean().reshape(1))
    g = e / s
    g.scatter_add_(1, y, torch.full_like(s, -1.0))
    dlogits.view(N, C).copy_(g / N)
