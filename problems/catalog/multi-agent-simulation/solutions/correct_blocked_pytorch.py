import torch


# Pairwise squared distances in float32 for blocks of 512 agents, neighbour velocities
# summed with a float32 matrix product of the 0/1 neighbour mask.
def solve(agents, agents_next, N):
    a = agents.view(N, 4)
    pos, vel = a[:, :2], a[:, 2:]
    out = agents_next.view(N, 4)
    for s in range(0, N, 512):
        e = min(N, s + 512)
        dx = pos[s:e, None, 0] - pos[None, :, 0]
        dy = pos[s:e, None, 1] - pos[None, :, 1]
        near = (dx * dx + dy * dy) < 25.0
        idx = torch.arange(s, e, device=a.device)
        near[idx - s, idx] = False
        cnt = near.sum(dim=1, keepdim=True)
        vsum = near.float() @ vel
        mean_v = torch.where(cnt > 0, vsum / cnt.clamp(min=1), vel[s:e])
        v_new = vel[s:e] + 0.05 * (mean_v - vel[s:e])
        out[s:e, :2] = pos[s:e] + v_new
        out[s:e, 2:] = v_new
