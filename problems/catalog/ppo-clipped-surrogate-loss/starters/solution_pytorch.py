import torch


# advantages: input, tensor, f32, shape [B x S]
# log_pi: input, tensor, f32, shape [B x S]
# log_pi_old: input, tensor, f32, shape [B x S]
# output: output, tensor, f32, shape [1]
# Write the result into output in place.
def solve(advantages: torch.Tensor, log_pi: torch.Tensor, log_pi_old: torch.Tensor, output: torch.Tensor, clip_eps: float, B: int, S: int) -> None:
    pass
