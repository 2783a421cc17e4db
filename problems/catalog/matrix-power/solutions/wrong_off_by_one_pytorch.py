import torch


# Bug: the loop runs P times instead of P - 1, so it returns input^(P+1).
def solve(input: torch.Tensor, output: torch.Tensor, N: int, P: int) -> None:
    a = input.view(N, N)
    acc = a.clone()
    for _ in range(P):
        acc = acc @ a
    output.view(N, N).copy_(acc)
