import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(logits_ptr, topk_weights_ptr, topk_indices_ptr, M, E, k, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# logits: input, tensor, f32, shape [M x E]
# topk_weights: output, tensor, f32, shape [M x k]
# topk_indices: output, tensor, i32, shape [M x k]
# Write the result into topk_weights, topk_indices in place.
def solve(logits: torch.Tensor, topk_weights: torch.Tensor, topk_indices: torch.Tensor, M: int, E: int, k: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(M, BLOCK),)
    solve_kernel[grid](logits, topk_weights, topk_indices, M, E, k, BLOCK=BLOCK)
