import torch


# Squares summed per row of 4096 in float32, then the row sums, then divided by N.
def solve(predictions, targets, mse, N):
    d = predictions[:N] - targets[:N]
    sq = torch.nn.functional.pad(d * d, (0, (-N) % 4096))
    mse.copy_((sq.view(-1, 4096).sum(dim=1).sum() / N).reshape(1))
