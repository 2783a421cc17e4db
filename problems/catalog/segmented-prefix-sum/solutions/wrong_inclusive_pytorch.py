import torch


# Bug: produces the inclusive segmented scan (each element includes itself) instead of the
# exclusive one, so segment starts hold their own value instead of 0.
def solve(values, flags, output, N):
    incl = torch.cumsum(values.double(), 0)
    seg = torch.cumsum(flags, 0) - 1
    starts = torch.nonzero(flags).flatten()
    before = (incl - values.double())[starts]
    output.copy_((incl - before[seg]).float())
