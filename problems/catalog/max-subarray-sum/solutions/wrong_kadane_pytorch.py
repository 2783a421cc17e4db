import torch


# Bug: computes the classic unrestricted maximum subarray sum (Kadane), ignoring the fixed
# window length.
def solve(input, output, N, window_size):
    best = None
    run = 0
    for v in input.tolist():
        run = max(v, run + v)
        best = run if best is None else max(best, run)
    output.fill_(best)
