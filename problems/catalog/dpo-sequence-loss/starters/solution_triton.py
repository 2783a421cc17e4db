import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(chosen_logps_ptr, rejected_logps_ptr, chosen_ref_logps_ptr, rejected_ref_logps_ptr, output_ptr, beta, B, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# chosen_logps: input, tensor, f32, shape [B]
# rejected_logps: input, tensor, f32, shape [B]
# chosen_ref_logps: input, tensor, f32, shape [B]
# rejected_ref_logps: input, tensor, f32, shape [B]
# output: output, tensor, f32, shape [1]
# Write the result into output in place.
def solve(chosen_logps: torch.Tensor, rejected_logps: torch.Tensor, chosen_ref_logps: torch.Tensor, rejected_ref_logps: torch.Tensor, output: torch.Tensor, beta: float, B: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(B, BLOCK),)
    solve_kernel[grid](chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output, beta, B, BLOCK=BLOCK)
