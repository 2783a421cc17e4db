import torch
import torch.nn.functional as F


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    if case["variant"] != "specials":
        return {}
    n, c, h, w = case["N"], case["C"], case["H"], case["W"]
    x = torch.randn(n * c * h * w, generator=gen)
    specials = torch.tensor([float("inf"), float("-inf"), 1e6, -1e6, 1e-6, -1e-6])
    picks = torch.randint(0, specials.numel(), (x.numel(),), generator=gen)
    where = torch.rand(x.numel(), generator=gen) < 0.15
    x = torch.where(where, specials[picks], x)
    # One whole channel of -inf: its outputs are all -inf.
    x.view(n, c, h, w)[0, 0] = float("-inf")
    return {"input": x.view(n, c, h, w).to(device)}


def reference(
    input: torch.Tensor,
    output: torch.Tensor,
    N: int,
    C: int,
    H: int,
    W: int,
    kernel_size: int,
    stride: int,
    padding: int,
) -> None:
    x = input.reshape(N, C, H, W)
    # max_pool2d treats padded positions as -inf, i.e. they never win.
    y = F.max_pool2d(x, kernel_size, stride=stride, padding=padding)
    output.view(y.shape).copy_(y)
