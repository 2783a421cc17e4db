"""The lead-in the supervisor asks of a timed call: per language, scaled from the child's
calibration, bounded."""

from __future__ import annotations

from runner.common import leadin
from runner.supervisor.benchmark import timed_call_message


def test_jax_gets_no_lead_in_and_the_launch_languages_the_default():
    assert leadin.lead_in_ms("cuda") == leadin.LEAD_IN_MS
    assert leadin.lead_in_ms("pytorch") == leadin.LEAD_IN_MS
    assert leadin.lead_in_ms("jax") == 0.0


def test_the_spin_scales_with_the_lead_in_and_is_bounded():
    cycles = 1000
    assert leadin.scaled(cycles, leadin.LEAD_IN_MS) == cycles
    assert leadin.scaled(cycles, 2 * leadin.LEAD_IN_MS) == 2 * cycles
    assert leadin.scaled(cycles, 1e9) == leadin.scaled(cycles, leadin.MAX_LEAD_IN_MS)
    assert leadin.scaled(cycles, -1.0) == 0


def test_timed_calls_and_empty_calls_carry_the_languages_lead_in():
    class Job:
        language = "jax"

    class J:
        job = Job()

    assert timed_call_message(J()) == {"op": "call", "timed": True, "lead_in_ms": 0.0}
