import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(draft_tokens_ptr, draft_probs_ptr, target_probs_ptr, uniform_samples_ptr, output_tokens_ptr, B, T, V, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# draft_tokens: input, tensor, i32, shape [B x T]
# draft_probs: input, tensor, f32, shape [B x T x V]
# target_probs: input, tensor, f32, shape [B x T x V]
# uniform_samples: input, tensor, f32, shape [B x T + 1]
# output_tokens: output, tensor, i32, shape [B x T + 1]
# Write the result into output_tokens in place.
def solve(draft_tokens: torch.Tensor, draft_probs: torch.Tensor, target_probs: torch.Tensor, uniform_samples: torch.Tensor, output_tokens: torch.Tensor, B: int, T: int, V: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(B, BLOCK),)
    solve_kernel[grid](draft_tokens, draft_probs, target_probs, uniform_samples, output_tokens, B, T, V, BLOCK=BLOCK)
