import torch


def reference(
    grid: torch.Tensor,
    result: torch.Tensor,
    rows: int,
    cols: int,
    start_row: int,
    start_col: int,
    end_row: int,
    end_col: int,
) -> None:
    free = grid.reshape(rows, cols) == 0
    if (start_row, start_col) == (end_row, end_col):
        result.fill_(0)
        return
    # level-synchronous breadth-first search over the 4-neighbourhood
    visited = torch.zeros(rows, cols, dtype=torch.bool, device=grid.device)
    visited[start_row, start_col] = True
    frontier = visited.clone()
    steps = 0
    while True:
        steps += 1
        nxt = torch.zeros_like(frontier)
        nxt[1:, :] |= frontier[:-1, :]
        nxt[:-1, :] |= frontier[1:, :]
        nxt[:, 1:] |= frontier[:, :-1]
        nxt[:, :-1] |= frontier[:, 1:]
        nxt &= free & ~visited
        reached, grows = torch.stack([nxt[end_row, end_col], nxt.any()]).tolist()
        if reached:
            result.fill_(steps)
            return
        if not grows:
            result.fill_(-1)
            return
        visited |= nxt
        frontier = nxt


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    # "walls:P": every cell is a wall with probability P.
    # "strip": walls 0/1 with equal odds, except the first 10 columns and both corners.
    # "strip:P": walls with probability P, except the first and the last 10 columns (P = 0.35:
    #   the free cells percolate, so the end is reached, but no path goes straight to it, so
    #   the length differs from grid to grid).
    # "serpentine": full wall rows at every odd row, each with one gap, alternately at the
    #   right and the left end (no randomness).
    # "enclosed:P": like walls:P, with the four neighbours of the end cell walled in.
    # Start and end cells are always free.
    variant = case.get("variant", "")
    if not variant:
        return {}
    rows, cols = case["rows"], case["cols"]
    kind, _, arg = variant.partition(":")
    if kind in ("walls", "enclosed"):
        g = (torch.rand(rows, cols, generator=gen) < float(arg)).to(torch.int32)
    elif kind == "strip" and arg:
        g = (torch.rand(rows, cols, generator=gen) < float(arg)).to(torch.int32)
        g[:, :10] = 0
        g[:, -10:] = 0
    elif kind == "strip":
        g = torch.randint(0, 2, (rows, cols), generator=gen, dtype=torch.int32)
        g[:, :10] = 0
        g[0, 0] = 0
        g[rows - 1, cols - 1] = 0
    elif kind == "serpentine":
        g = torch.zeros(rows, cols, dtype=torch.int32)
        for i, r in enumerate(range(1, rows, 2)):
            g[r, :] = 1
            g[r, cols - 1 if i % 2 == 0 else 0] = 0
    else:
        raise ValueError(f"unknown variant {variant!r}")
    er, ec = case["end_row"], case["end_col"]
    if kind == "enclosed":
        for r, c in ((er - 1, ec), (er + 1, ec), (er, ec - 1), (er, ec + 1)):
            if 0 <= r < rows and 0 <= c < cols:
                g[r, c] = 1
    g[case["start_row"], case["start_col"]] = 0
    g[er, ec] = 0
    return {"grid": g.reshape(-1).to(device)}
