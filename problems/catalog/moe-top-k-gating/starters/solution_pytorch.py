import torch


# logits: input, tensor, f32, shape [M x E]
# topk_weights: output, tensor, f32, shape [M x k]
# topk_indices: output, tensor, i32, shape [M x k]
# Write the result into topk_weights, topk_indices in place.
def solve(logits: torch.Tensor, topk_weights: torch.Tensor, topk_indices: torch.Tensor, M: int, E: int, k: int) -> None:
    pass
