import torch


# draft_tokens: input, tensor, i32, shape [B x T]
# draft_probs: input, tensor, f32, shape [B x T x V]
# target_probs: input, tensor, f32, shape [B x T x V]
# uniform_samples: input, tensor, f32, shape [B x T + 1]
# output_tokens: output, tensor, i32, shape [B x T + 1]
# Write the result into output_tokens in place.
def solve(draft_tokens: torch.Tensor, draft_probs: torch.Tensor, target_probs: torch.Tensor, uniform_samples: torch.Tensor, output_tokens: torch.Tensor, B: int, T: int, V: int) -> None:
    pass
