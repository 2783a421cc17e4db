import torch
import triton
import triton.language as tl


@triton.jit
def transpose_kernel(in_ptr, out_ptr, rows, cols, BLOCK: tl.constexpr):
    r = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    c = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = (r[:, None] < rows) & (c[None, :] < cols)
    tile = tl.load(in_ptr + r[:, None] * cols + c[None, :], mask=mask)
    tl.store(out_ptr + c[None, :] * rows + r[:, None], tile, mask=mask)


def solve(input: torch.Tensor, output: torch.Tensor, rows: int, cols: int) -> None:
    BLOCK = 32
    grid = (triton.cdiv(rows, BLOCK), triton.cdiv(cols, BLOCK))
    transpose_kernel[grid](input, output, rows, cols, BLOCK=BLOCK)
