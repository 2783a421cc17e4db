"""The lead-in the supervisor asks of a timed call: per language, in spin cycles the
supervisor calibrated, bounded on the child's side."""

from __future__ import annotations

from types import SimpleNamespace

from runner.child.torch_child import lead_in_cycles
from runner.common import leadin
from runner.supervisor.benchmark import timed_call_message
from runner.supervisor.language import plugin


def test_jax_gets_a_longer_lead_in_and_the_launch_languages_the_default():
    assert plugin("cuda").lead_in_ms is None  # leadin.LEAD_IN_MS
    assert plugin("pytorch").lead_in_ms is None
    assert plugin("jax").lead_in_ms == 1.0


def test_the_spin_scales_with_the_lead_in_and_is_bounded():
    cycles = 1000
    assert leadin.scaled(cycles, leadin.LEAD_IN_MS) == cycles
    assert leadin.scaled(cycles, 2 * leadin.LEAD_IN_MS) == 2 * cycles
    assert leadin.scaled(cycles, 1e9) == leadin.scaled(cycles, leadin.MAX_LEAD_IN_MS)
    assert leadin.scaled(cycles, -1.0) == 0


def _judgement(language: str, device: str):
    return SimpleNamespace(job=SimpleNamespace(language=language, device=device))


def test_timed_calls_carry_the_supervisors_spin_cycles_for_the_language(monkeypatch):
    monkeypatch.setattr(leadin, "spin_cycles", lambda: 1234)
    msg = timed_call_message(_judgement("cuda", "cuda"))
    assert msg == {"op": "call", "timed": True, "lead_in_cycles": 1234}
    assert timed_call_message(_judgement("jax", "cuda"))["lead_in_cycles"] == 1234 * 5
    assert timed_call_message(_judgement("pytorch", "cpu"))["lead_in_cycles"] == 0


def test_the_child_spins_only_a_sane_number_of_cycles():
    assert lead_in_cycles({"lead_in_cycles": 5000}) == 5000
    assert lead_in_cycles({}) == 0
    assert lead_in_cycles({"lead_in_cycles": -3}) == 0
    assert lead_in_cycles({"lead_in_cycles": "9"}) == 0
    assert lead_in_cycles({"lead_in_cycles": True}) == 0
    assert lead_in_cycles({"lead_in_cycles": 10**12}) == leadin.MAX_SPIN_CYCLES
