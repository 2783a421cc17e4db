import torch


# Bug: adds the reference margin instead of subtracting it.
def solve(chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output, beta, B):
    z = beta * ((chosen_logps - rejected_logps) + (chosen_ref_logps - rejected_ref_logps))
    loss = torch.nn.functional.softplus(-z)
    output.copy_(loss.mean().reshape(1))
