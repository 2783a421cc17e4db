import cupy as cp


# input: input, cupy array, f32, shape [batch_size x input_size]
# weight: input, cupy array, f32, shape [output_size x input_size]
# bias: input, cupy array, f32, shape [output_size]
# output: output, cupy array, f32, shape [batch_size x output_size]
# Write the result into output in place.
def solve(input: cp.ndarray, weight: cp.ndarray, bias: cp.ndarray, output: cp.ndarray, batch_size: int, input_size: int, output_size: int) -> None:
    pass
