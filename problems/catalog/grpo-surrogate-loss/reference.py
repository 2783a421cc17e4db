import torch


def reference(
    rewards: torch.Tensor,
    log_pi: torch.Tensor,
    log_pi_old: torch.Tensor,
    log_ref: torch.Tensor,
    output: torch.Tensor,
    clip_eps: float,
    beta: float,
    B: int,
    G: int,
    S: int,
) -> None:
    mean = rewards.mean(dim=1, keepdim=True)
    std = ((rewards - mean) ** 2).mean(dim=1, keepdim=True).sqrt()
    adv = ((rewards - mean) / (std + 1e-8)).unsqueeze(2)  # [B, G, 1], the same for every token
    ratio = torch.exp(log_pi - log_pi_old)
    surrogate = torch.minimum(ratio * adv, torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * adv)
    d = log_ref - log_pi
    kl = torch.exp(d) - d - 1.0
    output.copy_((-(surrogate - beta * kl).sum() / (B * G * S)).reshape(1))


def error_scale(
    rewards: torch.Tensor,
    log_pi: torch.Tensor,
    log_pi_old: torch.Tensor,
    log_ref: torch.Tensor,
    clip_eps: float,
    beta: float,
    B: int,
    G: int,
    S: int,
) -> torch.Tensor:
    # fp32 forward-error magnitude of the loss, per unit roundoff and per sqrt(B G S) (the
    # problem's [error_bound] has k = B*G*S; statement.md, "Tolerance"): the mean of n = B G S
    # terms carries a rounding error that grows like sqrt(n) u mean|term| in any summation
    # order (a random walk over the additions), and each term t is itself off by a few u
    # relative: exp's argument (|log_pi - log_pi_old|, |log_ref - log_pi|), exp, the products,
    # and the advantage (r - mean) / std, whose rounding is |r| / std relative (the same for
    # every token of a group, so it is added as is, not as a random walk).
    r = rewards.to(torch.float64)
    mean = r.mean(dim=1, keepdim=True)
    std = ((r - mean) ** 2).mean(dim=1, keepdim=True).sqrt()
    adv = ((r - mean) / (std + 1e-8)).unsqueeze(2)
    adv_err = (4 * (r.abs().amax(dim=1, keepdim=True) / (std + 1e-8))).unsqueeze(2)
    lp, lo, lr = (x.to(torch.float64) for x in (log_pi, log_pi_old, log_ref))
    ratio = torch.exp(lp - lo)
    surrogate = torch.minimum(ratio * adv, torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * adv)
    d = lr - lp
    n = max(B * G * S, 1)
    root = n**0.5
    term = surrogate.abs() * (1 + ((lp - lo).abs() + 4 + adv_err) / root)
    kl = torch.exp(d) * (1 + (d.abs() + 4) / root) + d.abs() + 1
    return ((term + beta * kl).sum() / n).reshape(1)


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    variant = case.get("variant", "")
    if not variant:
        return {}
    b, g, s = case["B"], case["G"], case["S"]
    log_pi = torch.randn(b, g, s, generator=gen)
    log_pi_old = torch.randn(b, g, s, generator=gen)
    rewards = torch.randn(b, g, generator=gen)
    log_ref = torch.randn(b, g, s, generator=gen)
    if variant == "equal_rewards":
        # one value per group, a multiple of 1/4 so that any float32 sum of the group is exact
        per_group = torch.randint(-8, 9, (b, 1), generator=gen).float() / 4
        rewards = per_group.expand(b, g).contiguous()
    elif variant == "ref_equals_pi":
        log_ref = log_pi.clone()
    elif variant == "ref_minus_16":
        log_pi = torch.full((b, g, s), 8.0) + torch.rand(b, g, s, generator=gen)
        log_ref = log_pi - 16.0
    elif variant == "ref_plus_16":
        log_pi = torch.full((b, g, s), -8.0) - torch.rand(b, g, s, generator=gen)
        log_ref = log_pi + 16.0
    return {
        "rewards": rewards.to(device),
        "log_pi": log_pi.to(device),
        "log_pi_old": log_pi_old.to(device),
        "log_ref": log_ref.to(device),
    }
