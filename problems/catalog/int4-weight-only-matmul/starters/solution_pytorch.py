import torch


# x: input, tensor, f16, shape [M x K]
# w_q: input, tensor, u8, shape [N x K//2]
# scales: input, tensor, f16, shape [N x K//group_size]
# y: output, tensor, f16, shape [M x N]
# Write the result into y in place.
def solve(x: torch.Tensor, w_q: torch.Tensor, scales: torch.Tensor, y: torch.Tensor, M: int, N: int, K: int, group_size: int) -> None:
    pass
