import torch


# Bug: the boundary cells are set to zero instead of being copied from the input.
def solve(input, output, rows, cols):
    output.zero_()
    if rows > 2 and cols > 2:
        output[1:-1, 1:-1] = 0.25 * (
            input[:-2, 1:-1] + input[2:, 1:-1] + input[1:-1, :-2] + input[1:-1, 2:]
        )
