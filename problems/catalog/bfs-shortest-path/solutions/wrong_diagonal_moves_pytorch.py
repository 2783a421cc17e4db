import torch
import torch.nn.functional as F


# Bug: expands the frontier to all 8 surrounding cells (diagonal steps allowed).
def solve(grid, result, rows, cols, start_row, start_col, end_row, end_col):
    if start_row == end_row and start_col == end_col:
        result[0] = 0
        return
    free = grid.view(rows, cols) == 0
    seen = torch.zeros(rows, cols, dtype=torch.bool, device=grid.device)
    seen[start_row, start_col] = True
    front = seen.clone()
    level = 0
    answer = -1
    while True:
        level += 1
        grown = F.max_pool2d(front.float()[None, None], 3, stride=1, padding=1)[0, 0] > 0
        grown &= free & ~seen
        if bool(grown[end_row, end_col]):
            answer = level
            break
        if not bool(grown.any()):
            break
        seen |= grown
        front = grown
    result[0] = answer
