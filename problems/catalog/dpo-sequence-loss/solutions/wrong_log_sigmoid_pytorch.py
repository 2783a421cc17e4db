import torch


# Bug: -log(sigmoid(z)) in float32; sigmoid underflows to 0 for z below about -104 and
# the loss becomes inf.
def solve(chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output, beta, B):
    z = beta * ((chosen_logps - rejected_logps) - (chosen_ref_logps - rejected_ref_logps))
    loss = -torch.log(torch.sigmoid(z))
    output.copy_(loss.mean().reshape(1))
