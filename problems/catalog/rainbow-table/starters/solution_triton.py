import torch
import triton
import triton.language as tl


@triton.jit
def rainbow_kernel(in_ptr, out_ptr, n, R, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    # TODO: hash R times with uint32 arithmetic
    pass


# input is a 1-D int32 tensor of length N, output a 1-D uint32 tensor of length N (torch.uint32
# supports few operations: write through output.view(torch.int32) if convenient).
def solve(input: torch.Tensor, output: torch.Tensor, N: int, R: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(N, BLOCK),)
    rainbow_kernel[grid](input, output.view(torch.int32), N, R, BLOCK=BLOCK)
