import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    N = T.dynamic("N")
    d_model = T.dynamic("d_model")

    @T.prim_func
    def kernel(
        Q: T.Tensor((N, d_model), T.float32),
        K: T.Tensor((N, d_model), T.float32),
        V: T.Tensor((N, d_model), T.float32),
        output: T.Tensor((N, d_model), T.float32),
    ):
        with T.Kernel(T.ceildiv(N, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# Q: input, tensor, f32, shape [N x d_model]
# K: input, tensor, f32, shape [N x d_model]
# V: input, tensor, f32, shape [N x d_model]
# output: output, tensor, f32, shape [N x d_model]
# Write the result into output in place.
def solve(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    N: int,
    d_model: int,
    h: int,
) -> None:
    solve_kernel()(Q, K, V, output)
