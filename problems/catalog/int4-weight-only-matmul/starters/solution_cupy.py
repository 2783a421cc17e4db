import cupy as cp


# x: input, cupy array, f16, shape [M x K]
# w_q: input, cupy array, u8, shape [N x K//2]
# scales: input, cupy array, f16, shape [N x K//group_size]
# y: output, cupy array, f16, shape [M x N]
# Write the result into y in place.
def solve(x: cp.ndarray, w_q: cp.ndarray, scales: cp.ndarray, y: cp.ndarray, M: int, N: int, K: int, group_size: int) -> None:
    pass
