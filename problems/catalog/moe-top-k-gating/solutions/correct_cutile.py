import cuda.tile as ct
import torch


# One block per row of logits (M x E): k rounds of "take the largest remaining logit" (the
# lowest index among equal ones, as a stable descending sort orders them), each round
# writing lane j of the top-k values and indices; then the softmax of those k values.
# Lanes past E load as -inf, so they are never picked; stores past k are dropped.
@ct.kernel
def top_k_gating(logits, weights, indices, k, TE: ct.Constant[int], TK: ct.Constant[int]):
    row = ct.bid(0)
    x = ct.load(logits, index=(row, 0), shape=(1, TE), padding_mode=ct.PaddingMode.NEG_INF)
    x = ct.reshape(x, (TE,))
    expert = ct.arange(TE, dtype=ct.int32)
    lane = ct.arange(TK, dtype=ct.int32)
    values = ct.zeros((TK,), dtype=ct.float32)
    picked = ct.zeros((TK,), dtype=ct.int32)
    top = ct.max(x)  # the largest logit, picked first
    for j in range(k):
        best = ct.max(x)
        at = ct.min(ct.where(x == best, expert, TE))
        values = ct.where(lane == j, best, values)
        picked = ct.where(lane == j, at, picked)
        x = ct.where(expert == at, float("-inf"), x)
    e = ct.where(lane < k, ct.exp(values - top), 0.0)
    ct.store(weights, index=(row, 0), tile=ct.reshape(e / ct.sum(e), (1, TK)))
    ct.store(indices, index=(row, 0), tile=ct.reshape(picked, (1, TK)))


def next_pow2(n: int) -> int:
    return 1 << max(0, n - 1).bit_length()


def solve(
    logits: torch.Tensor,
    topk_weights: torch.Tensor,
    topk_indices: torch.Tensor,
    M: int,
    E: int,
    k: int,
) -> None:
    # at least 256 wide: one compiled kernel serves every E and k up to 256
    te, tk = max(256, next_pow2(E)), max(256, next_pow2(k))
    args = (logits, topk_weights, topk_indices, k, te, tk)
    ct.launch(torch.cuda.current_stream(), (M,), top_k_gating, args)
