"""One timed call's figure from the child's reply (runner/child/torch_child.py), after the
checks a single call allows; the case's clock bound comes later (runner/supervisor/clock.py).

A reply holds ``event_ms`` (the call's figure: start to end event, or for a Mojo call that
ended at its synchronise, start to that synchronise's event), ``return_ms`` (start to the end
event, recorded when ``solve`` returned; absent where it equals ``event_ms``) and ``sync_ms``
(start to an event recorded after a device-wide synchronise).
"""

from __future__ import annotations

import math

from runner.supervisor.outcome import Verdict

SIDE_STREAM_ABS_MS = 0.020
SIDE_STREAM_REL = 0.05


def return_ms(reply: dict) -> float:
    """The call's figure at its end event, recorded when ``solve`` returned: the same as
    ``event_ms`` unless a Mojo call ended at its last synchronise (runner/child/mojo_context.py)."""
    return reply.get("return_ms", reply.get("event_ms", 0.0))


def escaped(reply: dict, gap: float) -> bool:
    """Whether the event after the child's device-wide synchronise came later than the host's
    wake-up allows (``gap``, the empty calls' own, plus a relative or absolute margin): work
    may have run past the end event, on a side stream."""
    ret = return_ms(reply)
    return reply["sync_ms"] - ret > gap + max(SIDE_STREAM_REL * ret, SIDE_STREAM_ABS_MS)


def call_time(reply: dict, rt: float, gap: float, full: bool, where: str) -> float:
    """The child's figure for one call, after the checks a single call allows: finite,
    non-negative, in order (the figure, then the end event, then the synced event), inside this
    process's round trip. ``full``: timed to the synced event when work escaped the end event
    (a side stream); the host windows' rule, which cannot resolve such work otherwise."""
    ev, ret, sy = reply.get("event_ms"), return_ms(reply), reply.get("sync_ms")
    if not all(isinstance(x, int | float) and math.isfinite(x) and x >= 0 for x in (ev, ret, sy)):
        raise Verdict("rejected", f"The timing harness returned invalid numbers {where}.")
    if ret + 1e-3 < ev or sy + 1e-3 < ret or sy > rt * 1.05 + 0.5:
        raise Verdict(
            "rejected",
            f"Timing numbers inconsistent with the supervisor's clock {where} "
            f"(event {ev:.4g} ms, returned {ret:.4g} ms, synced {sy:.4g} ms, "
            f"round trip {rt:.4g} ms).",
        )
    if full and escaped(reply, gap):
        return float(sy)
    return float(ev)
