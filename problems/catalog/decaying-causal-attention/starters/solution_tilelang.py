import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    seq_len = T.dynamic("seq_len")
    d_model = T.dynamic("d_model")

    @T.prim_func
    def kernel(
        Q: T.Tensor((seq_len, d_model), T.float32),
        K: T.Tensor((seq_len, d_model), T.float32),
        V: T.Tensor((seq_len, d_model), T.float32),
        output: T.Tensor((seq_len, d_model), T.float32),
    ):
        with T.Kernel(T.ceildiv(seq_len, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# Q: input, tensor, f32, shape [seq_len x d_model]
# K: input, tensor, f32, shape [seq_len x d_model]
# V: input, tensor, f32, shape [seq_len x d_model]
# output: output, tensor, f32, shape [seq_len x d_model]
# Write the result into output in place.
def solve(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    seq_len: int,
    d_model: int,
    gamma: float,
) -> None:
    solve_kernel()(Q, K, V, output)
