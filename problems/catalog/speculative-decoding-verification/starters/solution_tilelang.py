import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    B = T.dynamic("B")
    T_ = T.dynamic("T_")
    V = T.dynamic("V")
    uniform_samples_1 = T.dynamic("uniform_samples_1")
    output_tokens_1 = T.dynamic("output_tokens_1")

    @T.prim_func
    def kernel(
        draft_tokens: T.Tensor((B, T_), T.int32),
        draft_probs: T.Tensor((B, T_, V), T.float32),
        target_probs: T.Tensor((B, T_, V), T.float32),
        uniform_samples: T.Tensor((B, uniform_samples_1), T.float32),
        output_tokens: T.Tensor((B, output_tokens_1), T.int32),
    ):
        with T.Kernel(T.ceildiv(B, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# draft_tokens: input, tensor, i32, shape [B x T]
# draft_probs: input, tensor, f32, shape [B x T x V]
# target_probs: input, tensor, f32, shape [B x T x V]
# uniform_samples: input, tensor, f32, shape [B x T + 1]
# output_tokens: output, tensor, i32, shape [B x T + 1]
# Write the result into output_tokens in place.
def solve(
    draft_tokens: torch.Tensor,
    draft_probs: torch.Tensor,
    target_probs: torch.Tensor,
    uniform_samples: torch.Tensor,
    output_tokens: torch.Tensor,
    B: int,
    T: int,
    V: int,
) -> None:
    solve_kernel()(draft_tokens, draft_probs, target_probs, uniform_samples, output_tokens)
