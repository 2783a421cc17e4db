import torch


# Sequence by sequence: acceptance ratios in double, cumulative sums in float32.
def solve(draft_tokens: torch.Tensor, draft_probs: torch.Tensor, target_probs: torch.Tensor,
          uniform_samples: torch.Tensor, output_tokens: torch.Tensor, B: int, T: int,
          V: int) -> None:
    tok = draft_tokens.tolist()
    u = uniform_samples.tolist()
    out = [[0] * (T + 1) for _ in range(B)]
    for b in range(B):
        rejected_at = -1
        for i in range(T):
            t = tok[b][i]
            p = float(draft_probs[b, i, t])
            q = float(target_probs[b, i, t])
            if u[b][i] < min(1.0, q / p):
                out[b][i] = t
            else:
                rejected_at = i
                break
        if rejected_at >= 0:
            r = torch.clamp(target_probs[b, rejected_at] - draft_probs[b, rejected_at], min=0.0)
            s = r.sum()
            r = r / s if float(s) > 0 else torch.full_like(r, 1.0 / V)
            pos = rejected_at
        else:
            r = target_probs[b, T - 1]
            pos = T
        cum = torch.cumsum(r, dim=0)
        hit = torch.nonzero(cum >= u[b][T])
        out[b][pos] = int(hit[0, 0]) if hit.numel() else V - 1
    output_tokens.copy_(torch.tensor(out, dtype=torch.int32))
