import torch


# Bug: multiplies by the previous step's coefficient a[t-1] instead of a[t].
def solve(a, x, h, B, L):
    h[:, 0] = x[:, 0]
    for t in range(1, L):
        h[:, t] = a[:, t - 1] * h[:, t - 1] + x[:, t]
