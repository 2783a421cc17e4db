import torch


def _uniform(seed: int) -> float:
    x = seed & 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x846CA68B) & 0xFFFFFFFF
    x ^= x >> 16
    return (x >> 8) / 16777216.0


def solve(logits, p, seed, sampled_token, vocab_size):
    order = torch.sort(logits, descending=True, stable=True).indices
    q = torch.softmax(logits, dim=0)[order]  # float32 throughout
    c = torch.cumsum(q, dim=0)
    before = c - q
    n = max(int((before < p[0]).sum()), 1)
    threshold = _uniform(int(seed[0])) * c[n - 1]
    k = min(int((c[:n] <= threshold).sum()), n - 1)
    sampled_token[0] = order[k]
