import torch


def _uniform(seed: int) -> float:
    x = seed & 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x846CA68B) & 0xFFFFFFFF
    x ^= x >> 16
    return (x >> 8) / 16777216.0


# Equal logits ranked highest index first (an ascending stable sort, reversed): another tie
# order than the reference's, which the tie rule accepts. Masses in float64.
def solve(logits, p, seed, sampled_token, vocab_size):
    order = torch.sort(logits, descending=False, stable=True).indices.flip(0)
    q = torch.softmax(logits.double(), dim=0)[order]
    c = torch.cumsum(q, dim=0)
    before = c - q
    n = max(int((before < float(p[0])).sum()), 1)
    threshold = _uniform(int(seed[0])) * c[n - 1]
    k = min(int((c[:n] <= threshold).sum()), n - 1)
    sampled_token[0] = order[k]
