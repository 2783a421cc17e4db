import torch


# input, output: 1-D float32 tensors; gamma, beta, eps: Python floats. Write into output.
def solve(input: torch.Tensor, gamma: float, beta: float, output: torch.Tensor, N: int,
          eps: float) -> None:
    pass
