import torch


# input: (input_size,), kernel: (kernel_size,), output: (input_size - kernel_size + 1,);
# float32 tensors on the device. Write the result into output.
def solve(input: torch.Tensor, kernel: torch.Tensor, output: torch.Tensor,
          input_size: int, kernel_size: int) -> None:
    pass
