import torch


# logits: input, tensor, f32, shape [B x V]
# u: input, tensor, f32, shape [B]
# tokens: output, tensor, i32, shape [B]
# Write the result into tokens in place.
def solve(logits: torch.Tensor, u: torch.Tensor, tokens: torch.Tensor, B: int, V: int, k: int, temperature: float) -> None:
    pass
