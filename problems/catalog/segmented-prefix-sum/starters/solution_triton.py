import torch
import triton
import triton.language as tl


@triton.jit
def segmented_scan_kernel(values_ptr, flags_ptr, out_ptr, N, BLOCK: tl.constexpr):
    pass  # TODO


# values, output: 1-D float32 tensors; flags: 1-D int32 tensor (flags[0] == 1).
def solve(values: torch.Tensor, flags: torch.Tensor, output: torch.Tensor, N: int) -> None:
    pass
