import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    agents_0 = T.dynamic("agents_0")
    agents_next_0 = T.dynamic("agents_next_0")

    @T.prim_func
    def kernel(
        agents: T.Tensor((agents_0,), T.float32),
        agents_next: T.Tensor((agents_next_0,), T.float32),
    ):
        with T.Kernel(T.ceildiv(agents_0, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# agents: input, tensor, f32, shape [4*N]
# agents_next: output, tensor, f32, shape [4*N]
# Write the result into agents_next in place.
def solve(agents: torch.Tensor, agents_next: torch.Tensor, N: int) -> None:
    solve_kernel()(agents, agents_next)
