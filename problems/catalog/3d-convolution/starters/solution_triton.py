import torch
import triton
import triton.language as tl


@triton.jit
def conv3d_kernel(input_ptr, kernel_ptr, output_ptr, input_depth, input_rows, input_cols,
                  kernel_depth, kernel_rows, kernel_cols, BLOCK: tl.constexpr):
    pass  # TODO


# Tensors are on the device; write the result into output in place.
def solve(input: torch.Tensor, kernel: torch.Tensor, output: torch.Tensor, input_depth: int,
          input_rows: int, input_cols: int, kernel_depth: int, kernel_rows: int, kernel_cols: int) -> None:
    BLOCK = 1024
    grid = (1,)  # TODO: choose a grid
    conv3d_kernel[grid](input, kernel, output, input_depth, input_rows, input_cols, kernel_depth,
                        kernel_rows, kernel_cols, BLOCK=BLOCK)
