import torch


def reference(input: torch.Tensor, output: torch.Tensor, rows: int, cols: int) -> None:
    x = input.reshape(rows, cols)
    y = x.clone()  # boundary cells are copied unchanged
    if rows > 2 and cols > 2:
        y[1:-1, 1:-1] = 0.25 * (x[:-2, 1:-1] + x[2:, 1:-1] + x[1:-1, :-2] + x[1:-1, 2:])
    output.view(rows, cols).copy_(y)
