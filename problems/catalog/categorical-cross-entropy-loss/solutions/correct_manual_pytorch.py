import torch


# Row-wise log-sum-exp with the max shift, minus the picked logit, averaged; float32.
def solve(logits, true_labels, loss, N, C):
    x = logits.view(N, C)
    m = x.max(dim=1, keepdim=True).values
    lse = m.squeeze(1) + torch.log(torch.exp(x - m).sum(dim=1))
    picked = x.gather(1, true_labels.view(N, 1).long()).squeeze(1)
    loss.copy_((lse - picked).mean().reshape(1))
