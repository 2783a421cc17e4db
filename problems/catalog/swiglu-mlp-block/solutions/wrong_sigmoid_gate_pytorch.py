import torch


# Bug: the gate uses sigmoid(g) (a plain GLU) instead of SiLU(g) = g * sigmoid(g).
def solve(x: torch.Tensor, W_gate: torch.Tensor, W_up: torch.Tensor, W_down: torch.Tensor,
          output: torch.Tensor, M: int, d_model: int, d_ffn: int) -> None:
    g = x @ W_gate
    u = x @ W_up
    torch.matmul(torch.sigmoid(g) * u, W_down, out=output)
