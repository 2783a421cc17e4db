import torch


# Bug: each round takes the largest logit not above the previous one, leaving out only the
# previous round's pick, so where equal logits are among the top k an expert already chosen is
# chosen again (the values, and so the weights, are right).
def solve(logits: torch.Tensor, topk_weights: torch.Tensor, topk_indices: torch.Tensor,
          M: int, E: int, k: int) -> None:
    rows = torch.arange(M, device=logits.device)
    prev = torch.full((M,), -1, dtype=torch.int64, device=logits.device)
    vals = torch.empty(M, k, dtype=logits.dtype, device=logits.device)
    idx = torch.empty(M, k, dtype=torch.int64, device=logits.device)
    limit = torch.full((M,), float("inf"), dtype=logits.dtype, device=logits.device)
    for r in range(k):
        x = torch.where(logits <= limit[:, None], logits, float("-inf"))
        if r > 0:
            x[rows, prev] = float("-inf")
        best = x.argmax(dim=1)
        vals[:, r] = logits[rows, best]
        idx[:, r] = best
        limit = vals[:, r]
        prev = best
    topk_weights.copy_(torch.softmax(vals, dim=1))
    topk_indices.copy_(idx.to(torch.int32))
