"""The tie rule of an index output (``[[ties]]``, runner/contract/params.TieRule): where equal
values make several selections correct, every one of them passes (docs/judging.md, "Several
valid answers: ties"). Runs in the supervisor on its own snapshot and its own inputs."""

from __future__ import annotations

import torch

from runner.contract import TieRule
from runner.supervisor.verify import Comparison, unravel


def compare_ties(
    rule: TieRule,
    got: torch.Tensor,
    expected: torch.Tensor,
    values: torch.Tensor,
    sample: torch.Tensor | None = None,
) -> Comparison:
    """``got`` (the whole index output, or its elements at the flat indices ``sample``) against
    the reference's indices ``expected`` (whole): an element passes when it lies in ``[0, n)``
    and selects, in its row of ``values`` (viewed ``[rows, n]``), a value equal to the one the
    expected index selects; with ``rule.distinct``, a repeat of an index already chosen in the
    same row fails (the later occurrence; within the sampled elements where sampled)."""
    shape = tuple(expected.shape)
    total = expected.numel()
    if total == 0:
        return Comparison(True)
    n = values.shape[-1] if values.dim() else 1
    rows = values.numel() // max(n, 1)
    if rows == 0 or total % rows:
        raise ValueError(
            f"tie rule of {rule.output}: {total} indices do not split into the {rows} rows of "
            f"{rule.values}"
        )
    dev = values.device
    v = values.reshape(rows, n)
    flat = (
        torch.arange(total, device=dev) if sample is None else sample.to(dev, torch.int64)
    ).reshape(-1)
    g = got.reshape(-1).to(dev, torch.int64)
    e = expected.reshape(-1).to(dev, torch.int64)[flat]
    row = flat // (total // rows)
    in_range = (g >= 0) & (g < n)
    gi = g.clamp(0, max(n - 1, 0))
    same = v[row, gi] == v[row, e.clamp(0, max(n - 1, 0))]
    ok = in_range & same
    repeat = torch.zeros_like(ok)
    if rule.distinct and g.numel() > 1:
        key = row * n + gi
        sorted_key, order = torch.sort(key, stable=True)
        dup = torch.zeros_like(ok)
        dup[1:] = sorted_key[1:] == sorted_key[:-1]
        repeat[order[dup]] = True  # the later occurrences, in flat order
        ok &= ~repeat
    bad = ~ok
    count = int(bad.sum())
    if count == 0:
        return Comparison(True)
    diff = (g - e).abs()[bad].double()
    max_abs = float(diff.max())
    max_rel = float((diff / e[bad].abs().double().clamp_min(1)).max())
    first = int(torch.nonzero(bad)[0, 0])
    r, want = int(row[first]), int(e[first])
    where = f"{rule.values}[{', '.join(map(str, unravel(r * n + want, tuple(values.shape))))}]"
    if bool(repeat[first]):
        note = f"index {int(g[first])} appears twice in this row; every index must differ"
    elif not bool(in_range[first]):
        note = f"an index in [0, {n}) whose value equals {where} = {v[r, want].item()}"
    else:
        note = f"or any index whose value equals {where} = {v[r, want].item()}"
    fm = {
        "output": rule.output,
        "index": unravel(first, shape) if sample is None else [first],
        "flat_index": first,
        "expected": want,
        "got": int(g[first]),
        "note": note,
    }
    return Comparison(False, max_abs, max_rel, count, fm)
