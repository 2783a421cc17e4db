import torch


# Plain float32 torch.bmm, no float64 anywhere: accepted at every size because the judge allows
# the fp32 forward error of the sums (statement.md, "Accuracy at large sizes").
def solve(A, B, C, BATCH, M, N, K):
    torch.bmm(A.view(BATCH, M, K), B.view(BATCH, K, N), out=C.view(BATCH, M, N))
