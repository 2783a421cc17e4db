import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    vocab_size = T.dynamic("vocab_size")

    @T.prim_func
    def kernel(
        logits: T.Tensor((vocab_size,), T.float32),
        p: T.Tensor((1,), T.float32),
        seed: T.Tensor((1,), T.int32),
        sampled_token: T.Tensor((1,), T.int32),
    ):
        with T.Kernel(T.ceildiv(vocab_size, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# logits: input, tensor, f32, shape [vocab_size]
# p: input, tensor, f32, shape [1]
# seed: input, tensor, i32, shape [1]
# sampled_token: output, tensor, i32, shape [1]
# Write the result into sampled_token in place.
def solve(
    logits: torch.Tensor,
    p: torch.Tensor,
    seed: torch.Tensor,
    sampled_token: torch.Tensor,
    vocab_size: int,
) -> None:
    solve_kernel()(logits, p, seed, sampled_token)
