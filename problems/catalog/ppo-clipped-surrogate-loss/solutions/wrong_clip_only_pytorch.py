import torch


# Bug: uses only the clipped term, dropping the min with the unclipped one.
def solve(advantages, log_pi, log_pi_old, output, clip_eps, B, S):
    r = torch.exp(log_pi - log_pi_old)
    surr = torch.clamp(r, 1.0 - clip_eps, 1.0 + clip_eps) * advantages
    output.copy_((-surr.sum() / (B * S)).reshape(1))
