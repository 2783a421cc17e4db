import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(x_ptr, weight_ptr, bias_ptr, output_ptr, B, L, D, K, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# x: input, tensor, f32, shape [B x L x D]
# weight: input, tensor, f32, shape [D x K]
# bias: input, tensor, f32, shape [D]
# output: output, tensor, f32, shape [B x L x D]
# Write the result into output in place.
def solve(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, output: torch.Tensor, B: int, L: int, D: int, K: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(B, BLOCK),)
    solve_kernel[grid](x, weight, bias, output, B, L, D, K, BLOCK=BLOCK)
