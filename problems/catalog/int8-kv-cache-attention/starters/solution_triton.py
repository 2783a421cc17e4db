import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(Q_ptr, K_int8_ptr, V_int8_ptr, k_scale_ptr, v_scale_ptr, output_ptr, num_heads, seq_len, head_dim, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# Q: input, tensor, f32, shape [num_heads x head_dim]
# K_int8: input, tensor, i8, shape [num_heads x seq_len x head_dim]
# V_int8: input, tensor, i8, shape [num_heads x seq_len x head_dim]
# k_scale: input, tensor, f32, shape [num_heads x seq_len]
# v_scale: input, tensor, f32, shape [num_heads x seq_len]
# output: output, tensor, f32, shape [num_heads x head_dim]
# Write the result into output in place.
def solve(Q: torch.Tensor, K_int8: torch.Tensor, V_int8: torch.Tensor, k_scale: torch.Tensor, v_scale: torch.Tensor, output: torch.Tensor, num_heads: int, seq_len: int, head_dim: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(num_heads, BLOCK),)
    solve_kernel[grid](Q, K_int8, V_int8, k_scale, v_scale, output, num_heads, seq_len, head_dim, BLOCK=BLOCK)
