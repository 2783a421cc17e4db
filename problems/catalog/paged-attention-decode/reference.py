import math

import torch


def reference(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    block_table: torch.Tensor,
    context_lens: torch.Tensor,
    out: torch.Tensor,
    B: int,
    H: int,
    D: int,
    num_blocks: int,
    block_size: int,
    max_blocks_per_seq: int,
) -> None:
    scale = 1.0 / math.sqrt(D)
    qs = q.reshape(B, H, D)
    kc = k_cache.reshape(num_blocks, block_size, H, D)
    vc = v_cache.reshape(num_blocks, block_size, H, D)
    table = block_table.reshape(B, max_blocks_per_seq).to(torch.int64)
    lens = context_lens.reshape(B).tolist()
    res = out.view(B, H, D)
    for b in range(B):
        n = int(lens[b])
        used = (n + block_size - 1) // block_size
        blocks = table[b, :used]
        k = kc[blocks].reshape(used * block_size, H, D)[:n].to(torch.float64)
        v = vc[blocks].reshape(used * block_size, H, D)[:n].to(torch.float64)
        s = torch.einsum("hd,thd->ht", qs[b].to(torch.float64), k) * scale
        p = torch.softmax(s, dim=1)
        res[b].copy_(torch.einsum("ht,thd->hd", p, v).to(res.dtype))


def make_inputs(case, gen, device):
    # Only the block table and the context lengths; q and the caches come from their dist.
    B, nb, bs, mb = case["B"], case["num_blocks"], case["block_size"], case["max_blocks_per_seq"]
    variant = case.get("variant", "")
    longest = mb * bs
    # Every sequence owns max_blocks_per_seq distinct blocks in random order (no block is
    # shared); entries past a sequence's last used block are valid but must not be read.
    perm = torch.randperm(nb, generator=gen)[: B * mb]
    table = perm.reshape(B, mb).to(torch.int32)
    if variant == "one":
        lens = torch.ones(B, dtype=torch.int64)
    elif variant == "full":
        lens = torch.full((B,), longest, dtype=torch.int64)
    elif variant == "long":
        lens = torch.randint(max(longest // 2, 1), longest + 1, (B,), generator=gen)
    else:
        lens = torch.randint(1, longest + 1, (B,), generator=gen)
    return {
        "block_table": table.to(device),
        "context_lens": lens.to(torch.int32).to(device),
    }
