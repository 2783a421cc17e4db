import torch


# Bug: the depth range is applied to the second axis and the row range to the first.
def solve(input, output, N, M, K, S_DEP, E_DEP, S_ROW, E_ROW, S_COL, E_COL):
    box = input[S_ROW : E_ROW + 1, S_DEP : E_DEP + 1, S_COL : E_COL + 1]
    output.fill_(int(box.sum(dtype=torch.int64)))
