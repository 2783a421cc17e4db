# Adds the mean loss into the zero-filled output.
import torch
import torch.nn.functional as F


def solve(logits: torch.Tensor, true_labels: torch.Tensor, loss: torch.Tensor, N: int, C: int):
    loss += F.cross_entropy(logits, true_labels.long())
