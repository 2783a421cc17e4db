import torch


def reference(input: torch.Tensor, output: torch.Tensor, N: int) -> None:
    # Accumulate in float64 whatever the input dtype; the judge compares in float64.
    total = input[:N].to(torch.float64).sum()
    output.copy_(total.reshape(1))
