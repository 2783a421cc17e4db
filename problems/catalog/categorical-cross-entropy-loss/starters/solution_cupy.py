import cupy as cp


# Arrays are cupy arrays on the device; write the result into loss in place.
def solve(logits: cp.ndarray, true_labels: cp.ndarray, loss: cp.ndarray, N: int, C: int) -> None:
    pass
