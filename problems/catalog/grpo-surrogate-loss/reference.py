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
