import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    B = T.dynamic("B")
    G = T.dynamic("G")
    S = T.dynamic("S")

    @T.prim_func
    def kernel(
        rewards: T.Tensor((B, G), T.float32),
        log_pi: T.Tensor((B, G, S), T.float32),
        log_pi_old: T.Tensor((B, G, S), T.float32),
        log_ref: T.Tensor((B, G, S), T.float32),
        output: T.Tensor((1,), T.float32),
    ):
        with T.Kernel(T.ceildiv(B, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# rewards: input, tensor, f32, shape [B x G]
# log_pi: input, tensor, f32, shape [B x G x S]
# log_pi_old: input, tensor, f32, shape [B x G x S]
# log_ref: input, tensor, f32, shape [B x G x S]
# output: output, tensor, f32, shape [1]
# Write the result into output in place.
def solve(
    rewards: torch.Tensor,
    log_pi: torch.Tensor,
    log_pi_old: torch.Tensor,
    log_ref: torch.Tensor,
    output: torch.Tensor,
    clip_eps: float,
    beta: float,
    B: int,
    G: int,
    S: int,
) -> None:
    solve_kernel()(rewards, log_pi, log_pi_old, log_ref, output)
