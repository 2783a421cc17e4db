import torch


def reference(
    input: torch.Tensor,
    output: torch.Tensor,
    N: int,
    M: int,
    S_ROW: int,
    E_ROW: int,
    S_COL: int,
    E_COL: int,
) -> None:
    box = input.reshape(N, M)[S_ROW : E_ROW + 1, S_COL : E_COL + 1]
    output.reshape(-1)[0] = box.sum(dtype=torch.int64).to(output.dtype)
