import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(x_ptr, w_q_ptr, scales_ptr, y_ptr, M, N, K, group_size, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# x: input, tensor, f16, shape [M x K]
# w_q: input, tensor, u8, shape [N x K//2]
# scales: input, tensor, f16, shape [N x K//group_size]
# y: output, tensor, f16, shape [M x N]
# Write the result into y in place.
def solve(x: torch.Tensor, w_q: torch.Tensor, scales: torch.Tensor, y: torch.Tensor, M: int, N: int, K: int, group_size: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(M, BLOCK),)
    solve_kernel[grid](x, w_q, scales, y, M, N, K, group_size, BLOCK=BLOCK)
