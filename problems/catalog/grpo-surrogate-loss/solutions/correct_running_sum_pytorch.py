import torch


def solve(rewards, log_pi, log_pi_old, log_ref, output, clip_eps, beta, B, G, S):
    # Every token's term in fp32, summed in another order than the reference's: each of up to
    # 1024 "threads" keeps one fp32 running sum over its strided share of the tokens (a
    # grid-stride loop), then one running sum over the threads' partial sums.
    mean = rewards.sum(dim=1, keepdim=True) / G
    centred = rewards - mean
    std = (centred * centred).sum(dim=1, keepdim=True).div(G).sqrt()
    adv = (centred / (std + 1e-8))[:, :, None]
    r = torch.exp(log_pi - log_pi_old)
    low, high = torch.clamp(r, max=1.0 + clip_eps), torch.clamp(r, min=1.0 - clip_eps)
    surr = torch.where(adv >= 0, torch.minimum(r, low), torch.maximum(r, high)) * adv
    d = log_ref - log_pi
    terms = (surr - beta * (torch.exp(d) - d - 1.0)).reshape(-1)
    threads = min(1024, terms.numel())
    steps = -(-terms.numel() // threads)
    padded = torch.zeros(threads * steps, dtype=torch.float32, device=terms.device)
    padded[: terms.numel()] = terms
    grid = padded.reshape(steps, threads)
    partial = torch.zeros(threads, dtype=torch.float32, device=terms.device)
    for step in range(steps):
        partial = partial + grid[step]
    total = torch.zeros((), dtype=torch.float32, device=terms.device)
    for value in partial:
        total = total + value
    output.copy_((-total / (B * G * S)).reshape(1))
