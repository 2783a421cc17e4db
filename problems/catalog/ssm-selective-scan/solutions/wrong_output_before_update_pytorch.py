import torch


# Bug: y_t is read from the state before step t is applied (the previous state h_{t-1}).
def solve(u: torch.Tensor, delta: torch.Tensor, A: torch.Tensor, B: torch.Tensor,
          C: torch.Tensor, skip: torch.Tensor, y: torch.Tensor, batch: int, seq_len: int,
          d_model: int, d_state: int) -> None:
    h = torch.zeros(batch, d_model, d_state, dtype=u.dtype, device=u.device)
    for t in range(seq_len):
        y[:, t] = (h * C[:, t, None, :]).sum(-1) + skip * u[:, t]
        dt = delta[:, t, :, None]
        h = torch.exp(dt * A) * h + dt * B[:, t, None, :] * u[:, t, :, None]
