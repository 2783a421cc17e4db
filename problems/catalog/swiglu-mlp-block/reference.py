import torch


def reference(
    x: torch.Tensor,
    W_gate: torch.Tensor,
    W_up: torch.Tensor,
    W_down: torch.Tensor,
    output: torch.Tensor,
    M: int,
    d_model: int,
    d_ffn: int,
) -> None:
    xs = x.reshape(M, d_model)
    g = xs @ W_gate.reshape(d_model, d_ffn)
    u = xs @ W_up.reshape(d_model, d_ffn)
    h = g * torch.sigmoid(g) * u  # SiLU(gate) * up
    output.view(M, d_model).copy_(h @ W_down.reshape(d_ffn, d_model))
