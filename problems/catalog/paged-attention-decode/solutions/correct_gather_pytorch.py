import math

import torch


# Gathers each sequence's blocks, trims to its context length, softmax in fp32.
def solve(q, k_cache, v_cache, block_table, context_lens, out, B, H, D, num_blocks, block_size,
          max_blocks_per_seq):
    scale = 1.0 / math.sqrt(D)
    kc = k_cache.view(num_blocks * block_size, H, D)
    vc = v_cache.view(num_blocks * block_size, H, D)
    table = block_table.view(B, max_blocks_per_seq).long()
    lens = context_lens.tolist()
    for b in range(B):
        n = lens[b]
        t = torch.arange(n, device=q.device)
        rows = table[b, t // block_size] * block_size + t % block_size
        k = kc[rows].float()  # [n, H, D]
        v = vc[rows].float()
        s = torch.einsum("hd,thd->ht", q[b].float(), k) * scale
        p = torch.softmax(s, dim=1)
        out[b].copy_(torch.einsum("ht,thd->hd", p, v).half())
