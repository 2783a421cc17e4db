import torch
import triton
import triton.language as tl


@triton.jit
def swiglu_kernel(in_ptr, out_ptr, half, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < half
    a = tl.load(in_ptr + offs, mask=mask)
    b = tl.load(in_ptr + half + offs, mask=mask)
    tl.store(out_ptr + offs, a / (1.0 + tl.exp(-a)) * b, mask=mask)


def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    BLOCK = 1024
    half = N // 2
    swiglu_kernel[(triton.cdiv(half, BLOCK),)](input, output, half, BLOCK=BLOCK)
