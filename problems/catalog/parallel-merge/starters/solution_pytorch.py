import torch


# A (length M) and B (length N) are sorted float32 tensors; write the merged array into C.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, M: int, N: int) -> None:
    pass
