import torch

# The "fp32" variant (make_inputs): predictions and targets in [-1000, 1000] whose differences
# d = predictions - targets exercise float32's precision. Each d is a random sign times
# 2^e (1 + f), e uniform in [LOW_EXP, HIGH_EXP] and f a fraction of FRACTION_BITS random bits
# but three: its last bit is 1, and its bits 8 and 11 (counted from the point) are both 1 or
# both 0, one or the other for the whole call (drawn from the seed). What d has past 10
# fraction bits is then more than half of TF32's and fp16's unit, and past 7 bits more than
# half of bf16's, for every element ("up"); or less than half in both, and more than none
# ("down"). Rounded to any of the three, every difference moves the same way, by about a
# quarter of that unit, and the sum of their squares moves by about 3e-4 (TF32, fp16) or 2e-3
# (bf16) of itself, which N terms cannot average out. Float32 arithmetic on the inputs loses
# nothing: their difference is exact (e >= 7 keeps d's last bit at 2^-14 or above, and
# float32 holds every multiple of 2^-14 below 1024). Fixing more bits (all of bits 8 to 13,
# say) would put the squares in a few hundred clusters modulo a long float32 accumulator's
# unit, and bias honest float32 sums.
LOW_EXP, HIGH_EXP = 7, 9
FRACTION_BITS = 21
LIMIT = 1000  # every input lies in [-LIMIT, LIMIT]


def make_inputs(case: dict, gen: torch.Generator, device) -> dict:
    """Variant "fp32": the inputs above; other cases use the distributions of problem.toml."""
    if case.get("variant", "") != "fp32":
        return {}
    up = torch.rand(1, generator=gen).item() < 0.5
    # drawn on the target device (seeded from gen) so that the timed size is cheap to make
    dev_gen = torch.Generator(device=device)
    dev_gen.manual_seed(int(torch.randint(0, 2**62, (1,), generator=gen)))
    n = case["N"]

    def randint(lo: int, hi: int) -> torch.Tensor:
        return torch.randint(lo, hi, (n,), generator=dev_gen, device=device, dtype=torch.int32)

    # integers (int32) in units of d's last bit, q = 2^(e - FRACTION_BITS)
    bits = 1 << FRACTION_BITS - 8 | 1 << FRACTION_BITS - 11
    f = randint(0, 1 << FRACTION_BITS) | 1
    f = f | bits if up else f & ~bits
    d = (f + (1 << FRACTION_BITS)) * (randint(0, 2) * 2 - 1)
    e = randint(LOW_EXP, HIGH_EXP + 1)
    limit = LIMIT << FRACTION_BITS - e
    # targets uniform on the grid of q where both inputs stay in [-LIMIT, LIMIT]
    lowest = torch.clamp(-d, min=0) - limit
    u = torch.rand(n, generator=dev_gen, device=device, dtype=torch.float64)
    targets = lowest + (u * (2 * limit - d.abs())).to(torch.int32)
    quanta = [2.0 ** (k - FRACTION_BITS) for k in range(HIGH_EXP + 1)]
    q = torch.tensor(quanta, dtype=torch.float32, device=device)[e]
    # integers below 2^24 in magnitude times powers of two q >= 2^-14: exact in float32, and
    # so is their difference d q (22 significant bits)
    return {
        "predictions": (targets + d).to(torch.float32) * q,
        "targets": targets.to(torch.float32) * q,
    }


def reference(predictions: torch.Tensor, targets: torch.Tensor, mse: torch.Tensor, N: int) -> None:
    d = predictions[:N].to(torch.float64) - targets[:N].to(torch.float64)
    mse.copy_((torch.dot(d, d) / N).reshape(1))
