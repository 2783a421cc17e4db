import torch


# A, B, C: float16 tensors; reshape with the scalars (A.view(BATCH, M, K), ...). Write into C.
def solve(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, BATCH: int, M: int, N: int,
          K: int) -> None:
    pass
