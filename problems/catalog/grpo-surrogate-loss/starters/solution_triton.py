import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(rewards_ptr, log_pi_ptr, log_pi_old_ptr, log_ref_ptr, output_ptr, clip_eps, beta, B, G, S, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# rewards: input, tensor, f32, shape [B x G]
# log_pi: input, tensor, f32, shape [B x G x S]
# log_pi_old: input, tensor, f32, shape [B x G x S]
# log_ref: input, tensor, f32, shape [B x G x S]
# output: output, tensor, f32, shape [1]
# Write the result into output in place.
def solve(rewards: torch.Tensor, log_pi: torch.Tensor, log_pi_old: torch.Tensor, log_ref: torch.Tensor, output: torch.Tensor, clip_eps: float, beta: float, B: int, G: int, S: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(B * G * S, BLOCK),)
    solve_kernel[grid](rewards, log_pi, log_pi_old, log_ref, output, clip_eps, beta, B, G, S, BLOCK=BLOCK)
