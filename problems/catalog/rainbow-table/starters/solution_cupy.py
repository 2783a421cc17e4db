import cupy as cp


# input is a 1-D int32 tensor of length N, output a 1-D uint32 tensor of length N (torch.uint32
# supports few operations: write through output.view(torch.int32) if convenient).
def solve(input: cp.ndarray, output: cp.ndarray, N: int, R: int) -> None:
    pass
