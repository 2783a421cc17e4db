import torch


# Per-row float32 sums of the surrogate terms, then the row totals.
def solve(advantages, log_pi, log_pi_old, output, clip_eps, B, S):
    r = torch.exp(log_pi - log_pi_old)
    surr = torch.minimum(r * advantages, torch.clamp(r, 1.0 - clip_eps, 1.0 + clip_eps) * advantages)
    output.copy_((-(surr.sum(dim=1).sum()) / (B * S)).reshape(1))
