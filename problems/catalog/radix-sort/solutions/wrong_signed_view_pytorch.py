import torch


# Bug: reinterprets the keys as int32 to get a sortable dtype, which orders every value
# >= 2^31 (negative as int32) before the small ones.
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    output.view(torch.int32).copy_(torch.sort(input.view(torch.int32)).values)
