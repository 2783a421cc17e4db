import torch


# Equal logits taken highest index first (an ascending stable sort, reversed): another tie
# order than the reference's, which the tie rule accepts. Softmax of the top k in fp32, first
# cumulative probability above u; the last of the k if none is.
def solve(logits, u, tokens, B, V, k, temperature):
    vals, idx = torch.sort(logits.view(B, V), dim=1, descending=False, stable=True)
    vals, idx = vals.flip(1), idx.flip(1)
    z = (vals[:, :k] - vals[:, :1]) / temperature
    cdf = torch.cumsum(torch.softmax(z, dim=1), dim=1)
    above = cdf > u.view(B, 1)
    pos = torch.where(above.any(dim=1), above.int().argmax(dim=1), k - 1)
    tokens.view(B).copy_(idx[:, :k].gather(1, pos.view(B, 1).long()).view(B))
