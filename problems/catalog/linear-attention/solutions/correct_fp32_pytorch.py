import torch


def solve(Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor, output: torch.Tensor,
          M: int, d: int) -> None:
    # Plain fp32 (no TF32: explicit matmuls on fp32 tensors with allow_tf32 left at False),
    # state accumulated chunk by chunk from the last rows back to the first.
    pq = torch.nn.functional.elu(Q) + 1
    pk = torch.nn.functional.elu(K) + 1
    state = torch.zeros(d, d, dtype=torch.float32, device=Q.device)
    z = torch.zeros(d, dtype=torch.float32, device=Q.device)
    B = 1024
    for r1 in range(M, 0, -B):
        r0 = max(0, r1 - B)
        state += pk[r0:r1].t() @ V[r0:r1]
        z += pk[r0:r1].sum(dim=0)
    output.copy_((pq @ state) / (pq @ z)[:, None])
