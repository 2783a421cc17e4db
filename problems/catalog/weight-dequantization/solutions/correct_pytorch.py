import torch


# Gather the scale of every element through integer tile indices.
def solve(X, S, Y, M, N, TILE_SIZE):
    rows = torch.arange(M, device=X.device) // TILE_SIZE
    cols = torch.arange(N, device=X.device) // TILE_SIZE
    scale = S[rows[:, None], cols[None, :]]
    torch.mul(X, scale, out=Y)
