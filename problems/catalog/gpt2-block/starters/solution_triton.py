import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(x_ptr, output_ptr, weights_ptr, seq_len, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# x: input, tensor, f32, shape [seq_len x 768]
# output: output, tensor, f32, shape [seq_len x 768]
# weights: input, tensor, f32, shape [7087872]
# Write the result into output in place.
def solve(x: torch.Tensor, output: torch.Tensor, weights: torch.Tensor, seq_len: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(seq_len, BLOCK),)
    solve_kernel[grid](x, output, weights, seq_len, BLOCK=BLOCK)
