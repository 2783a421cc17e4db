import torch


# Bug: an off-by-one in the round loop hashes R - 1 times (R = 1 copies the input through).
def solve(input: torch.Tensor, output: torch.Tensor, N: int, R: int) -> None:
    s = input.to(torch.int64) & 0xFFFFFFFF
    for _ in range(1, R):
        h = torch.full_like(s, 2166136261)
        for k in range(4):
            h = ((h ^ ((s >> (8 * k)) & 0xFF)) * 16777619) & 0xFFFFFFFF
        s = h
    output.copy_(s.to(torch.uint32))
