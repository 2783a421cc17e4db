import torch


# token_ids: input, tensor, i32, shape [B x T]
# position_ids: input, tensor, i32, shape [T]
# token_embeddings: input, tensor, f32, shape [V x D]
# position_embeddings: input, tensor, f32, shape [P x D]
# gamma: input, tensor, f32, shape [D]
# beta: input, tensor, f32, shape [D]
# output: output, tensor, f32, shape [B x T x D]
# Write the result into output in place.
def solve(token_ids: torch.Tensor, position_ids: torch.Tensor, token_embeddings: torch.Tensor, position_embeddings: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, output: torch.Tensor, B: int, T: int, V: int, P: int, D: int, eps: float) -> None:
    pass
