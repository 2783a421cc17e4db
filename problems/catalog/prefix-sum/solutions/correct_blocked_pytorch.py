import torch


# Scan rows of 1024 elements, then add the running total of the preceding rows to each row.
def solve(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    block = 1024
    pad = (-N) % block
    rows = torch.nn.functional.pad(input[:N], (0, pad)).view(-1, block).cumsum(dim=1)
    carry = torch.cumsum(rows[:, -1], dim=0) - rows[:, -1]
    output[:N].copy_((rows + carry[:, None]).view(-1)[:N])
