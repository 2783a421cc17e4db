import torch


# Tensors are on the device; write the result into output in place.
def solve(input: torch.Tensor, kernel: torch.Tensor, output: torch.Tensor, input_depth: int,
          input_rows: int, input_cols: int, kernel_depth: int, kernel_rows: int, kernel_cols: int) -> None:
    pass
