import torch


# Chunked scan in fp32: the sequence is cut into chunks of 64 steps. For every chunk (all
# rows and chunks at once) a 64-step loop computes the chunk's result from a zero state and
# the running product of its coefficients; the chunk carries are then propagated in order
# and applied as h_t += (prod of a over the chunk up to t) * carry.
def solve(a, x, h, B, L):
    c = 64
    pad = (-L) % c
    a2 = torch.nn.functional.pad(a, (0, pad), value=1.0).view(B, -1, c)
    x2 = torch.nn.functional.pad(x, (0, pad)).view(B, -1, c)
    a2 = a2.clone()
    a2[:, 0, 0] = 0.0  # the first element of every row starts from zero state
    local = torch.empty_like(x2)
    prod = torch.empty_like(x2)
    local[..., 0] = x2[..., 0]
    prod[..., 0] = a2[..., 0]
    for t in range(1, c):
        local[..., t] = a2[..., t] * local[..., t - 1] + x2[..., t]
        prod[..., t] = a2[..., t] * prod[..., t - 1]
    carry = torch.zeros(B, dtype=x.dtype, device=x.device)
    chunks = local.shape[1]
    for k in range(chunks):
        local[:, k] += prod[:, k] * carry[:, None]
        carry = local[:, k, -1].clone()
    h.copy_(local.view(B, -1)[:, :L])
