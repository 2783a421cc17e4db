import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(logits_ptr, p_ptr, seed_ptr, sampled_token_ptr, vocab_size, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# logits: input, tensor, f32, shape [vocab_size]
# p: input, tensor, f32, shape [1]
# seed: input, tensor, i32, shape [1]
# sampled_token: output, tensor, i32, shape [1]
# Write the result into sampled_token in place.
def solve(logits: torch.Tensor, p: torch.Tensor, seed: torch.Tensor, sampled_token: torch.Tensor, vocab_size: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(vocab_size, BLOCK),)
    solve_kernel[grid](logits, p, seed, sampled_token, vocab_size, BLOCK=BLOCK)
