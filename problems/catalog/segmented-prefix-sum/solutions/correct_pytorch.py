import torch


# fp32 tensors throughout. The array is cut into chunks of 1024: a cumsum inside each chunk;
# the prefix at the segment start is subtracted when that start lies in the same chunk,
# otherwise a carry (the running segment sum at the chunk's start) is added. The carries
# follow the segmented-scan rule from chunk to chunk.
def solve(values, flags, output, N):
    chunk = 1024
    pad = (-N) % chunk
    v = torch.nn.functional.pad(values, (0, pad)).view(-1, chunk)
    f = torch.nn.functional.pad(flags, (0, pad)).view(-1, chunk)
    excl = torch.cumsum(v, dim=1) - v
    pos = torch.arange(chunk, device=values.device).expand_as(f)
    start = torch.cummax(torch.where(f != 0, pos, torch.full_like(pos, -1)), dim=1).values
    local = excl - torch.gather(excl, 1, start.clamp(min=0))
    # Per chunk: the sum from its last segment start (or from its beginning) to its end.
    last = start[:, -1]
    total = excl[:, -1] + v[:, -1]
    at_last = torch.gather(excl, 1, last.clamp(min=0)[:, None])[:, 0]
    tail = torch.where(last >= 0, total - at_last, total)
    tails, flagged = tail.tolist(), (last >= 0).tolist()
    carries = [0.0] * len(tails)
    for c in range(1, len(tails)):
        carries[c] = tails[c - 1] if flagged[c - 1] else carries[c - 1] + tails[c - 1]
    carry = torch.tensor(carries, dtype=values.dtype, device=values.device)
    out = torch.where(start >= 0, local, excl + carry[:, None])
    output.copy_(out.reshape(-1)[:N])
