import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(input_ptr, weight_ptr, bias_ptr, output_ptr, batch_size, input_size, output_size, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# input: input, tensor, f32, shape [batch_size x input_size]
# weight: input, tensor, f32, shape [output_size x input_size]
# bias: input, tensor, f32, shape [output_size]
# output: output, tensor, f32, shape [batch_size x output_size]
# Write the result into output in place.
def solve(input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor, output: torch.Tensor, batch_size: int, input_size: int, output_size: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(batch_size, BLOCK),)
    solve_kernel[grid](input, weight, bias, output, batch_size, input_size, output_size, BLOCK=BLOCK)
