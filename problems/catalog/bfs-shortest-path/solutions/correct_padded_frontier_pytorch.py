import torch


# Breadth-first search on a copy of the grid padded with a border of walls, so that the four
# neighbour shifts are plain slices of the padded arrays.
def solve(grid, result, rows, cols, start_row, start_col, end_row, end_col):
    if start_row == end_row and start_col == end_col:
        result[0] = 0
        return
    dev = grid.device
    free = torch.zeros(rows + 2, cols + 2, dtype=torch.bool, device=dev)
    free[1:-1, 1:-1] = grid.view(rows, cols) == 0
    seen = torch.zeros_like(free)
    front = torch.zeros_like(free)
    front[start_row + 1, start_col + 1] = True
    seen |= front
    level = 0
    answer = -1
    while True:
        level += 1
        grown = torch.zeros_like(front)
        inner = grown[1:-1, 1:-1]
        inner |= front[:-2, 1:-1]
        inner |= front[2:, 1:-1]
        inner |= front[1:-1, :-2]
        inner |= front[1:-1, 2:]
        grown &= free
        grown &= ~seen
        if bool(grown[end_row + 1, end_col + 1]):
            answer = level
            break
        if not bool(grown.any()):
            break
        seen |= grown
        front = grown
    result[0] = answer
