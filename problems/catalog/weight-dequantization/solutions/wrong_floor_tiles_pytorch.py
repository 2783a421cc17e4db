import torch


# Bug: computes the number of tile columns with floor division (N // TILE_SIZE) when
# indexing the flattened scale grid, so partial tiles at the right edge shift every row.
def solve(X, S, Y, M, N, TILE_SIZE):
    tiles_per_row = max(N // TILE_SIZE, 1)
    rows = torch.arange(M, device=X.device) // TILE_SIZE
    cols = torch.arange(N, device=X.device) // TILE_SIZE
    idx = rows[:, None] * tiles_per_row + cols[None, :]
    idx = idx.clamp(max=S.numel() - 1)
    torch.mul(X, S.reshape(-1)[idx], out=Y)
