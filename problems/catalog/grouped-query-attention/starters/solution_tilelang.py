import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    num_q_heads = T.dynamic("num_q_heads")
    seq_len = T.dynamic("seq_len")
    head_dim = T.dynamic("head_dim")
    num_kv_heads = T.dynamic("num_kv_heads")

    @T.prim_func
    def kernel(
        Q: T.Tensor((num_q_heads, seq_len, head_dim), T.float32),
        K: T.Tensor((num_kv_heads, seq_len, head_dim), T.float32),
        V: T.Tensor((num_kv_heads, seq_len, head_dim), T.float32),
        output: T.Tensor((num_q_heads, seq_len, head_dim), T.float32),
    ):
        with T.Kernel(T.ceildiv(num_q_heads, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# Q: input, tensor, f32, shape [num_q_heads x seq_len x head_dim]
# K: input, tensor, f32, shape [num_kv_heads x seq_len x head_dim]
# V: input, tensor, f32, shape [num_kv_heads x seq_len x head_dim]
# output: output, tensor, f32, shape [num_q_heads x seq_len x head_dim]
# Write the result into output in place.
def solve(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    output: torch.Tensor,
    num_q_heads: int,
    num_kv_heads: int,
    seq_len: int,
    head_dim: int,
) -> None:
    solve_kernel()(Q, K, V, output)
