import torch


# P - 1 sequential products (a different grouping than the reference's repeated squaring).
def solve(input: torch.Tensor, output: torch.Tensor, N: int, P: int) -> None:
    a = input.view(N, N)
    acc = a.clone()
    for _ in range(P - 1):
        acc = a @ acc
    output.view(N, N).copy_(acc)
