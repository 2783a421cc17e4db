import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    B = T.dynamic("B")
    S = T.dynamic("S")

    @T.prim_func
    def kernel(
        advantages: T.Tensor((B, S), T.float32),
        log_pi: T.Tensor((B, S), T.float32),
        log_pi_old: T.Tensor((B, S), T.float32),
        output: T.Tensor((1,), T.float32),
    ):
        with T.Kernel(T.ceildiv(B, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# advantages: input, tensor, f32, shape [B x S]
# log_pi: input, tensor, f32, shape [B x S]
# log_pi_old: input, tensor, f32, shape [B x S]
# output: output, tensor, f32, shape [1]
# Write the result into output in place.
def solve(
    advantages: torch.Tensor,
    log_pi: torch.Tensor,
    log_pi_old: torch.Tensor,
    output: torch.Tensor,
    clip_eps: float,
    B: int,
    S: int,
) -> None:
    solve_kernel()(advantages, log_pi, log_pi_old, output)
