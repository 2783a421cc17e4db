import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    B = T.dynamic("B")

    @T.prim_func
    def kernel(
        chosen_logps: T.Tensor((B,), T.float32),
        rejected_logps: T.Tensor((B,), T.float32),
        chosen_ref_logps: T.Tensor((B,), T.float32),
        rejected_ref_logps: T.Tensor((B,), T.float32),
        output: T.Tensor((1,), T.float32),
    ):
        with T.Kernel(T.ceildiv(B, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# chosen_logps: input, tensor, f32, shape [B]
# rejected_logps: input, tensor, f32, shape [B]
# chosen_ref_logps: input, tensor, f32, shape [B]
# rejected_ref_logps: input, tensor, f32, shape [B]
# output: output, tensor, f32, shape [1]
# Write the result into output in place.
def solve(
    chosen_logps: torch.Tensor,
    rejected_logps: torch.Tensor,
    chosen_ref_logps: torch.Tensor,
    rejected_ref_logps: torch.Tensor,
    output: torch.Tensor,
    beta: float,
    B: int,
) -> None:
    solve_kernel()(chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output)
