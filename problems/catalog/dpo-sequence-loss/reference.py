import torch


def reference(
    chosen_logps: torch.Tensor,
    rejected_logps: torch.Tensor,
    chosen_ref_logps: torch.Tensor,
    rejected_ref_logps: torch.Tensor,
    output: torch.Tensor,
    beta: float,
    B: int,
) -> None:
    policy_margin = chosen_logps - rejected_logps
    ref_margin = chosen_ref_logps - rejected_ref_logps
    z = beta * (policy_margin - ref_margin)
    # softplus(-z) = -log(sigmoid(z)), written so that it stays finite for any z
    loss = torch.clamp(-z, min=0) + torch.log1p(torch.exp(-z.abs()))
    output.copy_((loss.sum() / B).reshape(1))
