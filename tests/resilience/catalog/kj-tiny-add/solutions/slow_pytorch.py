import time

import torch


def solve(A, B, C, N):
    time.sleep(0.5)  # keeps a job in flight long enough to kill its worker mid-judging
    torch.add(A, B, out=C)
