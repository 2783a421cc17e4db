import torch


# rewards: input, tensor, f32, shape [B x G]
# log_pi: input, tensor, f32, shape [B x G x S]
# log_pi_old: input, tensor, f32, shape [B x G x S]
# log_ref: input, tensor, f32, shape [B x G x S]
# output: output, tensor, f32, shape [1]
# Write the result into output in place.
def solve(rewards: torch.Tensor, log_pi: torch.Tensor, log_pi_old: torch.Tensor, log_ref: torch.Tensor, output: torch.Tensor, clip_eps: float, beta: float, B: int, G: int, S: int) -> None:
    pass
