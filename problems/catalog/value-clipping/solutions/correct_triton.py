import torch
import triton
import triton.language as tl


@triton.jit
def clip_kernel(in_ptr, out_ptr, lo, hi, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(in_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.minimum(tl.maximum(x, lo), hi), mask=mask)


def solve(input: torch.Tensor, output: torch.Tensor, lo: float, hi: float, N: int) -> None:
    BLOCK = 1024
    clip_kernel[(triton.cdiv(N, BLOCK),)](input, output, lo, hi, N, BLOCK=BLOCK)
