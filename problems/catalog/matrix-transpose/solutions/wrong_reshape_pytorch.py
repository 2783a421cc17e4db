import torch


# Bug: reshapes to (cols, rows) instead of transposing; only 1-row or 1-column inputs pass.
def solve(input: torch.Tensor, output: torch.Tensor, rows: int, cols: int) -> None:
    output.copy_(input.reshape(cols, rows))
