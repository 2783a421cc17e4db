import torch


# torch.topk, as LeetGPU's reference selects: the order it gives equal logits is unspecified.
def solve(
    logits: torch.Tensor,
    topk_weights: torch.Tensor,
    topk_indices: torch.Tensor,
    M: int,
    E: int,
    k: int,
):
    vals, indices = torch.topk(logits, k, dim=-1)
    topk_weights.copy_(torch.softmax(vals, dim=-1))
    topk_indices.copy_(indices.to(torch.int32))
