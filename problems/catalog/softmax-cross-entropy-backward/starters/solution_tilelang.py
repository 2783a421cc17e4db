import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    N = T.dynamic("N")
    C = T.dynamic("C")

    @T.prim_func
    def kernel(
        logits: T.Tensor((N, C), T.float32),
        labels: T.Tensor((N,), T.int32),
        loss: T.Tensor((1,), T.float32),
        dlogits: T.Tensor((N, C), T.float32),
    ):
        with T.Kernel(T.ceildiv(N, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# logits: input, tensor, f32, shape [N x C]
# labels: input, tensor, i32, shape [N]
# loss: output, tensor, f32, shape [1]
# dlogits: output, tensor, f32, shape [N x C]
# Write the result into loss, dlogits in place.
def solve(
    logits: torch.Tensor,
    labels: torch.Tensor,
    loss: torch.Tensor,
    dlogits: torch.Tensor,
    N: int,
    C: int,
) -> None:
    solve_kernel()(logits, labels, loss, dlogits)
