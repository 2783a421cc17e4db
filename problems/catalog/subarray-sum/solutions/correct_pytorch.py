import torch


# Prefix sums in int64: sum(S..E) = P[E + 1] - P[S].
def solve(input, output, N, S, E):
    prefix = torch.cumsum(input.to(torch.int64), dim=0)
    total = prefix[E] - (prefix[S - 1] if S > 0 else 0)
    output.fill_(int(total))
