import torch


# Bug: takes the probabilities from a softmax over the whole vocabulary and only then keeps
# the top k, without renormalizing them over the k kept tokens.
def solve(logits, u, tokens, B, V, k, temperature):
    p = torch.softmax(logits.view(B, V) / temperature, dim=1)
    vals, idx = torch.sort(logits.view(B, V), dim=1, descending=True, stable=True)
    cdf = torch.cumsum(p.gather(1, idx[:, :k]), dim=1)
    above = cdf > u.view(B, 1)
    pos = torch.where(above.any(dim=1), above.int().argmax(dim=1), k - 1)
    tokens.view(B).copy_(idx[:, :k].gather(1, pos.view(B, 1).long()).view(B))
