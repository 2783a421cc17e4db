import torch


# chosen_logps: input, tensor, f32, shape [B]
# rejected_logps: input, tensor, f32, shape [B]
# chosen_ref_logps: input, tensor, f32, shape [B]
# rejected_ref_logps: input, tensor, f32, shape [B]
# output: output, tensor, f32, shape [1]
# Write the result into output in place.
def solve(chosen_logps: torch.Tensor, rejected_logps: torch.Tensor, chosen_ref_logps: torch.Tensor, rejected_ref_logps: torch.Tensor, output: torch.Tensor, beta: float, B: int) -> None:
    pass
