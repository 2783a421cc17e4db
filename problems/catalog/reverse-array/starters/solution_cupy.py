import cupy as cp


# input is a 1-D float32 tensor of length N on the device; reverse it in place.
def solve(input: cp.ndarray, N: int) -> None:
    pass
