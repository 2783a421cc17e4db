import torch


# input: input, tensor, i32, shape [N x M]
# output: output, tensor, i32, shape [1]
# Write the result into output in place.
def solve(input: torch.Tensor, output: torch.Tensor, N: int, M: int, S_ROW: int, E_ROW: int, S_COL: int, E_COL: int) -> None:
    pass
