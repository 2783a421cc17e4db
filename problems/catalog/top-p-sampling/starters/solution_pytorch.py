import torch


# logits: input, tensor, f32, shape [vocab_size]
# p: input, tensor, f32, shape [1]
# seed: input, tensor, i32, shape [1]
# sampled_token: output, tensor, i32, shape [1]
# Write the result into sampled_token in place.
def solve(logits: torch.Tensor, p: torch.Tensor, seed: torch.Tensor, sampled_token: torch.Tensor, vocab_size: int) -> None:
    pass
