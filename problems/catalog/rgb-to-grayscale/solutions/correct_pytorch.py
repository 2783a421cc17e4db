import torch


def solve(input: torch.Tensor, output: torch.Tensor, width: int, height: int) -> None:
    w = torch.tensor([0.299, 0.587, 0.114], dtype=input.dtype, device=input.device)
    torch.mv(input.view(width * height, 3), w, out=output)
