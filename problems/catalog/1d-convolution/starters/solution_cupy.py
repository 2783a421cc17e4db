import cupy as cp


# input: (input_size,), kernel: (kernel_size,), output: (input_size - kernel_size + 1,);
# float32 cupy arrays on the device. Write the result into output.
def solve(input: cp.ndarray, kernel: cp.ndarray, output: cp.ndarray,
          input_size: int, kernel_size: int) -> None:
    pass
