import torch
import triton
import triton.language as tl


@triton.jit
def cross_entropy_kernel(logits_ptr, true_labels_ptr, loss_ptr, n, c, BLOCK: tl.constexpr):
    pass  # TODO


# Tensors are on the device; write the result into loss in place.
def solve(logits: torch.Tensor, true_labels: torch.Tensor, loss: torch.Tensor, N: int, C: int) -> None:
    BLOCK = 1024
    grid = (1,)  # TODO: choose a grid
    cross_entropy_kernel[grid](logits, true_labels, loss, N, C, BLOCK=BLOCK)
