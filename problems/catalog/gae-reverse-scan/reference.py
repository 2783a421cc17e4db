import torch


def reference(
    rewards: torch.Tensor,
    values: torch.Tensor,
    advantages: torch.Tensor,
    gamma: float,
    lam: float,
    B: int,
    S: int,
) -> None:
    c = gamma * lam
    next_values = torch.zeros_like(values)
    next_values[:, :-1] = values[:, 1:]  # V_S = 0: no bootstrap after the last step
    delta = rewards + gamma * next_values - values
    # A_t = sum_{k >= t} c^(k - t) delta_k as a doubling scan: after the step with offset k,
    # acc_t holds the sum over the next 2k terms.
    acc = delta
    k = 1
    while k < S:
        nxt = acc.clone()
        nxt[:, : S - k] += (c**k) * acc[:, k:]
        acc = nxt
        k *= 2
    advantages.copy_(acc)
