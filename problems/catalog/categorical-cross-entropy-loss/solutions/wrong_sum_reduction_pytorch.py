import torch
import torch.nn.functional as F


# Bug: reduction="sum" returns the total over the samples, not the mean.
def solve(logits, true_labels, loss, N, C):
    total = F.cross_entropy(logits.view(N, C), true_labels.long(), reduction="sum")
    loss.copy_(total.reshape(1))
