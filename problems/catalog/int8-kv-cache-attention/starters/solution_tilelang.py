import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    num_heads = T.dynamic("num_heads")
    head_dim = T.dynamic("head_dim")
    seq_len = T.dynamic("seq_len")

    @T.prim_func
    def kernel(
        Q: T.Tensor((num_heads, head_dim), T.float32),
        K_int8: T.Tensor((num_heads, seq_len, head_dim), T.int8),
        V_int8: T.Tensor((num_heads, seq_len, head_dim), T.int8),
        k_scale: T.Tensor((num_heads, seq_len), T.float32),
        v_scale: T.Tensor((num_heads, seq_len), T.float32),
        output: T.Tensor((num_heads, head_dim), T.float32),
    ):
        with T.Kernel(T.ceildiv(num_heads, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# Q: input, tensor, f32, shape [num_heads x head_dim]
# K_int8: input, tensor, i8, shape [num_heads x seq_len x head_dim]
# V_int8: input, tensor, i8, shape [num_heads x seq_len x head_dim]
# k_scale: input, tensor, f32, shape [num_heads x seq_len]
# v_scale: input, tensor, f32, shape [num_heads x seq_len]
# output: output, tensor, f32, shape [num_heads x head_dim]
# Write the result into output in place.
def solve(
    Q: torch.Tensor,
    K_int8: torch.Tensor,
    V_int8: torch.Tensor,
    k_scale: torch.Tensor,
    v_scale: torch.Tensor,
    output: torch.Tensor,
    num_heads: int,
    seq_len: int,
    head_dim: int,
) -> None:
    solve_kernel()(Q, K_int8, V_int8, k_scale, v_scale, output)
