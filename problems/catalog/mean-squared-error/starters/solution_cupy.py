import cupy as cp


# Arrays are cupy arrays on the device; write the result into mse in place.
def solve(predictions: cp.ndarray, targets: cp.ndarray, mse: cp.ndarray, N: int) -> None:
    pass
