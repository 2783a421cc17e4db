import torch
import triton
import triton.language as tl


@triton.jit
def squared_error_kernel(predictions_ptr, targets_ptr, mse_ptr, n, BLOCK: tl.constexpr):
    pass  # TODO


# Tensors are on the device; write the result into mse in place.
def solve(predictions: torch.Tensor, targets: torch.Tensor, mse: torch.Tensor, N: int) -> None:
    BLOCK = 1024
    grid = (1,)  # TODO: choose a grid
    squared_error_kernel[grid](predictions, targets, mse, N, BLOCK=BLOCK)
