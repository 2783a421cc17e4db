import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(logits_ptr, u_ptr, tokens_ptr, B, V, k, temperature, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# logits: input, tensor, f32, shape [B x V]
# u: input, tensor, f32, shape [B]
# tokens: output, tensor, i32, shape [B]
# Write the result into tokens in place.
def solve(logits: torch.Tensor, u: torch.Tensor, tokens: torch.Tensor, B: int, V: int, k: int, temperature: float) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(B, BLOCK),)
    solve_kernel[grid](logits, u, tokens, B, V, k, temperature, BLOCK=BLOCK)
