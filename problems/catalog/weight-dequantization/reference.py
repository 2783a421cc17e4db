import torch


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    if case["variant"] != "distinct_scales":
        return {}
    # Scales 1, 2, 3, ... (row-major over the tile grid) make a wrong tile index obvious.
    t = case["TILE_SIZE"]
    rows, cols = -(-case["M"] // t), -(-case["N"] // t)
    s = torch.arange(1, rows * cols + 1, dtype=torch.float32).reshape(rows, cols)
    return {"S": s.to(device)}


def reference(
    X: torch.Tensor, S: torch.Tensor, Y: torch.Tensor, M: int, N: int, TILE_SIZE: int
) -> None:
    t = TILE_SIZE
    s = S.reshape(-(-M // t), -(-N // t))
    full = s.repeat_interleave(t, dim=0)[:M].repeat_interleave(t, dim=1)[:, :N]
    Y.view(M, N).copy_(X.reshape(M, N) * full)
