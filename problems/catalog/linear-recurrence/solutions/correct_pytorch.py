import torch


# Chunked parallel scan in fp32: within chunks of 64 steps the recurrence is unrolled with
# cumulative products (h_t = P_t * (h_in + sum_{s<=t} x_s / P_s) is unstable, so each chunk
# runs a short sequential loop vectorised over rows and chunks), then chunk carries are
# propagated and applied as h_t += (prod_{s<=t} a_s) * carry.
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
