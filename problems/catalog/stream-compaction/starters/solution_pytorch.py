import torch


# A, out: 1-D float32 tensors of length N. Write the compacted values (then zeros) into out.
def solve(A: torch.Tensor, N: int, out: torch.Tensor) -> None:
    pass
