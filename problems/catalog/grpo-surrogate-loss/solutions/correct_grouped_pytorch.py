import torch


def solve(rewards, log_pi, log_pi_old, log_ref, output, clip_eps, beta, B, G, S):
    mean = rewards.mean(dim=1, keepdim=True)
    std = rewards.std(dim=1, unbiased=False, keepdim=True)
    adv = ((rewards - mean) / (std + 1e-8))[:, :, None]
    r = torch.exp(log_pi - log_pi_old)
    surr = torch.minimum(r * adv, torch.clamp(r, 1.0 - clip_eps, 1.0 + clip_eps) * adv)
    d = log_ref - log_pi
    per_token = surr - beta * (torch.exp(d) - d - 1.0)
    total = per_token.sum(dim=2).sum()
    output.copy_((-total / (B * G * S)).reshape(1))
