import torch


# Stable descending sort (equal logits keep index order), then a shifted softmax over the k kept.
def solve(logits: torch.Tensor, topk_weights: torch.Tensor, topk_indices: torch.Tensor,
          M: int, E: int, k: int) -> None:
    vals, idx = torch.sort(logits, dim=1, descending=True, stable=True)
    v = vals[:, :k]
    topk_weights.copy_(torch.softmax(v, dim=1))
    topk_indices.copy_(idx[:, :k].to(torch.int32))
