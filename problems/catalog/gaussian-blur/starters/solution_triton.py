import torch
import triton
import triton.language as tl


@triton.jit
def blur_kernel(input_ptr, kernel_ptr, output_ptr, input_rows, input_cols, kernel_rows,
                kernel_cols, BLOCK: tl.constexpr):
    pass  # TODO


# Tensors are on the device; write the result into output in place.
# input, kernel, output arrive as flat 1-D tensors: reshape them with the size arguments.
def solve(input: torch.Tensor, kernel: torch.Tensor, output: torch.Tensor, input_rows: int,
          input_cols: int, kernel_rows: int, kernel_cols: int) -> None:
    BLOCK = 1024
    grid = (1,)  # TODO: choose a grid
    blur_kernel[grid](input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols,
                      BLOCK=BLOCK)
