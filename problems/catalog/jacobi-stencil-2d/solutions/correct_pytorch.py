import torch


# Adds the neighbours in a different order (left + right first) and scales each pair.
def solve(input, output, rows, cols):
    output.copy_(input)
    if rows > 2 and cols > 2:
        horiz = input[1:-1, :-2] + input[1:-1, 2:]
        vert = input[:-2, 1:-1] + input[2:, 1:-1]
        output[1:-1, 1:-1] = horiz * 0.25 + vert * 0.25
