import torch


# Bug: inverts every byte, alpha included.
def solve(image: torch.Tensor, width: int, height: int) -> None:
    image.copy_(255 - image)
