import torch

CHUNK = 64


# Rows are cut into chunks of 64 steps. The recursion runs inside all chunks at once (64
# vectorised steps), then once over the chunk heads to get every chunk's carry-in, which is
# added with the matching powers of gamma * lam.
def solve(rewards, values, advantages, gamma, lam, B, S):
    c = gamma * lam
    nv = torch.zeros_like(values)
    nv[:, :-1] = values[:, 1:]
    delta = rewards + gamma * nv - values
    nchunks = (S + CHUNK - 1) // CHUNK
    pad = nchunks * CHUNK - S
    d = torch.nn.functional.pad(delta, (0, pad)).view(B, nchunks, CHUNK)
    local = torch.zeros_like(d)
    acc = torch.zeros(B, nchunks, dtype=d.dtype, device=d.device)
    for t in range(CHUNK - 1, -1, -1):
        acc = d[:, :, t] + c * acc
        local[:, :, t] = acc
    # carry into chunk j = true advantage at the first step of chunk j + 1
    carry = torch.zeros(B, nchunks, dtype=d.dtype, device=d.device)
    after = torch.zeros(B, dtype=d.dtype, device=d.device)
    full = c**CHUNK
    for j in range(nchunks - 1, -1, -1):
        carry[:, j] = after
        after = local[:, j, 0] + full * after
    # the padded zeros at the end of the last chunk contribute nothing and the carry there is 0
    steps = torch.arange(CHUNK, 0, -1, device=d.device, dtype=d.dtype)  # CHUNK - t
    powers = torch.pow(torch.tensor(c, dtype=d.dtype, device=d.device), steps)
    out = local + carry[:, :, None] * powers[None, None, :]
    advantages.copy_(out.reshape(B, nchunks * CHUNK)[:, :S])
