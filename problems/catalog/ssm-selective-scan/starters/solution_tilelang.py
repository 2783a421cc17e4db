import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    batch = T.dynamic("batch")
    seq_len = T.dynamic("seq_len")
    d_model = T.dynamic("d_model")
    d_state = T.dynamic("d_state")

    @T.prim_func
    def kernel(
        u: T.Tensor((batch, seq_len, d_model), T.float32),
        delta: T.Tensor((batch, seq_len, d_model), T.float32),
        A: T.Tensor((d_model, d_state), T.float32),
        B: T.Tensor((batch, seq_len, d_state), T.float32),
        C: T.Tensor((batch, seq_len, d_state), T.float32),
        skip: T.Tensor((d_model,), T.float32),
        y: T.Tensor((batch, seq_len, d_model), T.float32),
    ):
        with T.Kernel(T.ceildiv(batch, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# u: input, tensor, f32, shape [batch x seq_len x d_model]
# delta: input, tensor, f32, shape [batch x seq_len x d_model]
# A: input, tensor, f32, shape [d_model x d_state]
# B: input, tensor, f32, shape [batch x seq_len x d_state]
# C: input, tensor, f32, shape [batch x seq_len x d_state]
# skip: input, tensor, f32, shape [d_model]
# y: output, tensor, f32, shape [batch x seq_len x d_model]
# Write the result into y in place.
def solve(
    u: torch.Tensor,
    delta: torch.Tensor,
    A: torch.Tensor,
    B: torch.Tensor,
    C: torch.Tensor,
    skip: torch.Tensor,
    y: torch.Tensor,
    batch: int,
    seq_len: int,
    d_model: int,
    d_state: int,
) -> None:
    solve_kernel()(u, delta, A, B, C, skip, y)
