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


def error_scale(
    x: torch.Tensor,
    W_gate: torch.Tensor,
    W_up: torch.Tensor,
    W_down: torch.Tensor,
    M: int,
    d_model: int,
    d_ffn: int,
) -> torch.Tensor:
    # fp32 forward-error magnitude per unit roundoff (statement.md, "Tolerance"):
    #  1. gate and up: an fp32 dot product of length d_model is off by about
    #     sqrt(d_model) u (|x| @ |W|) (the dot-product bound, random-walk form); an error dg
    #     moves h by SiLU'(g) u dg and an error du by SiLU(g) du; SiLU, the sigmoid and the
    #     products add a few u of |h| each;
    #  2. down: those errors of h times |W_down|, plus the rounding of the final dot product of
    #     length d_ffn, sqrt(d_ffn) (|h| @ |W_down|).
    xs = x.reshape(M, d_model).to(torch.float64)
    wg = W_gate.reshape(d_model, d_ffn).to(torch.float64)
    wu = W_up.reshape(d_model, d_ffn).to(torch.float64)
    wd = W_down.reshape(d_ffn, d_model).to(torch.float64)
    g, u = xs @ wg, xs @ wu
    sig = torch.sigmoid(g)
    silu = g * sig
    dsilu = sig * (1 + g * (1 - sig))
    h = silu * u
    ax = xs.abs()
    err_h = d_model**0.5 * ((dsilu * u).abs() * (ax @ wg.abs()) + silu.abs() * (ax @ wu.abs()))
    err_h = err_h + 4 * h.abs()
    return d_ffn**0.5 * (h.abs() @ wd.abs()) + err_h @ wd.abs()
