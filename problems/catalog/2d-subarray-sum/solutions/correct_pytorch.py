import torch


def solve(input, output, N, M, S_ROW, E_ROW, S_COL, E_COL):
    box = input[S_ROW : E_ROW + 1, S_COL : E_COL + 1]
    output.fill_(int(box.sum(dtype=torch.int64)))
