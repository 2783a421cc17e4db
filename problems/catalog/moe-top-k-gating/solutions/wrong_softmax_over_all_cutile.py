import cuda.tile as ct
import torch


# Wrong: the top-k indices are right, but the weights are the softmax over all E logits of
# the row, not over the k chosen ones (they do not sum to 1 unless k == E).
@ct.kernel
def top_k_gating(logits, weights, indices, k, TE: ct.Constant[int], TK: ct.Constant[int]):
    row = ct.bid(0)
    x = ct.load(logits, index=(row, 0), shape=(1, TE), padding_mode=ct.PaddingMode.NEG_INF)
    x = ct.reshape(x, (TE,))
    top = ct.max(x)
    total = ct.sum(ct.exp(x - top))  # -inf lanes add exp(-inf) = 0
    expert = ct.arange(TE, dtype=ct.int32)
    lane = ct.arange(TK, dtype=ct.int32)
    values = ct.zeros((TK,), dtype=ct.float32)
    picked = ct.zeros((TK,), dtype=ct.int32)
    for j in range(k):
        best = ct.max(x)
        at = ct.min(ct.where(x == best, expert, TE))
        values = ct.where(lane == j, best, values)
        picked = ct.where(lane == j, at, picked)
        x = ct.where(expert == at, float("-inf"), x)
    w = ct.exp(values - top) / total
    ct.store(weights, index=(row, 0), tile=ct.reshape(w, (1, TK)))
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
    te, tk = max(256, next_pow2(E)), max(256, next_pow2(k))
    args = (logits, topk_weights, topk_indices, k, te, tk)
    ct.launch(torch.cuda.current_stream(), (M,), top_k_gating, args)
