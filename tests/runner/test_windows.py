"""The supervisor's bound with stand-in clocks: bursts of calls (runner/supervisor/windows.py),
the relative-only slack (runner/supervisor/clock.py) and the CPU meter's lower bound
(runner/supervisor/cputime.py)."""

from __future__ import annotations

import pytest

from runner.supervisor import clock, cputime, windows
from runner.supervisor.cputime import CpuReading


class FakeClock:
    """A perf_counter that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance_ms(self, ms: float) -> None:
        self.now += ms / 1e3


class FakeBuffers:
    """CaseBuffers' surface; every operation costs the supervisor ``cost_ms`` on the clock."""

    def __init__(self, clk: FakeClock, cost_ms: float) -> None:
        self.clk, self.cost_ms, self.written = clk, cost_ms, []

    def write(self, inputs):
        self.written.append(inputs)
        self.clk.advance_ms(self.cost_ms)

    def sync(self):
        pass

    def snapshot(self, plan):
        self.clk.advance_ms(self.cost_ms)
        return {"C": len(self.written)}


def test_a_burst_times_every_call_with_its_own_inputs_and_snapshot(monkeypatch):
    clk = FakeClock()
    monkeypatch.setattr(windows.time, "perf_counter", clk)
    bufs = FakeBuffers(clk, cost_ms=0.1)
    calls = []

    def call():
        calls.append(len(bufs.written))
        clk.advance_ms(0.03)  # the solution's call: 30 us
        return "done"

    stages = [{"A": i} for i in range(8)]
    out, window, cpu = windows.burst(bufs, stages, [{}] * 8, None, 0, call)
    assert bufs.written == stages  # fresh inputs before every call
    assert calls == list(range(1, 9))  # each call after its own write
    assert [snap["C"] for _, snap in out] == list(range(1, 9))  # a snapshot after each call
    assert window == pytest.approx(8 * (0.2 + 0.03))
    assert cpu is None


def test_burst_size_makes_the_window_long_against_the_clocks_noise():
    # single empty windows of 0.3 ms with 10 us of noise: a window of 100 x 10 us needs 4 calls
    single = [0.29, 0.30, 0.31, 0.30, 0.29, 0.31]
    k, noise = windows.burst_size(single, stage_bytes=1 << 20, device="cuda")
    assert noise == pytest.approx(0.01 * 1.4826)
    assert k * 0.30 >= windows.BURST_NOISE_FACTOR * noise and k == 5
    # never more than BURST_MAX, never more staged bytes than BURST_BYTES
    assert windows.burst_size([0.1, 0.2, 0.3], 1, "cuda")[0] == windows.BURST_MAX
    assert windows.burst_size([0.1, 0.2, 0.3], windows.BURST_BYTES // 2, "cuda")[0] == 2
    assert windows.burst_size(single, 1, "cpu")[0] == 1  # the CPU's bound is CPU time


def _per_call_bound(call_ms: float, overhead_ms: float, k: int, jitter_ms: float) -> list[float]:
    """Windows of bursts of ``k`` calls, each burst off by ``jitter_ms`` of clock noise."""
    return [
        (k * (call_ms + overhead_ms) + (jitter_ms if i % 2 else -jitter_ms)) / k for i in range(9)
    ]


@pytest.mark.parametrize("call_ms", [0.004, 0.04, 0.4, 4.0])
def test_a_forged_time_gains_at_most_the_slack_at_every_size(call_ms):
    """Slack farming: a child that reports 1/50 of its time. The most it can claim and still be
    believed is ``bound * (1 - SLACK_REL) - SLACK_ABS_MS``: relative only on the CPU, with the
    GPU's measured absolute part there (clock.py says why)."""
    k = 32
    wins = _per_call_bound(call_ms, 0.3, k, 0.02)
    empty = _per_call_bound(0.0, 0.3, k, 0.02)
    nulls = [0.2] * 9
    for device, cpu_bound in (("cuda", None), ("cpu", call_ms)):
        rel, absolute = clock.SLACK_REL[device], clock.SLACK_ABS_MS[device]
        honest = clock.check(call_ms, wins, empty, nulls, nulls, device, cpu_bound)
        assert honest.consistent and honest.time_ms == call_ms
        most = call_ms * (1 - rel) - absolute
        if most <= 0:  # a GPU kernel shorter than the absolute part: any claim is believed
            continue
        assert clock.check(
            most * (1 + 1e-9), wins, empty, nulls, nulls, device, cpu_bound
        ).consistent
        below = clock.check(most * 0.99, wins, empty, nulls, nulls, device, cpu_bound)
        assert not below.consistent and below.time_ms == pytest.approx(call_ms, rel=1e-6)
    assert clock.SLACK_ABS_MS["cpu"] == 0.0  # the CPU's bound is relative only


def test_the_cpu_bound_replaces_a_forged_time_with_the_cgroups_figure():
    forged = clock.check(0.01, [9.0] * 5, [8.0] * 5, [1.0] * 5, [1.0] * 5, "cpu", cpu_bound_ms=0.5)
    assert not forged.consistent and forged.time_ms == 0.5
    honest = clock.check(0.48, [9.0] * 5, [8.0] * 5, [1.0] * 5, [1.0] * 5, "cpu", cpu_bound_ms=0.5)
    assert honest.consistent and honest.time_ms == 0.48


def test_busiest_counts_one_thread_on_one_cpu_in_full():
    before = CpuReading(1_000_000, (500_000, 500_000), {10: 100, 11: 0})
    # 3 ms of work by thread 10, spread over both CPUs (1.5 ms each): the thread's own figure
    after = CpuReading(4_000_000, (2_000_000, 2_000_000), {10: 3_000_100, 11: 0})
    assert cputime.busiest_ms(before, after, cores=2) == pytest.approx(3.0)


def test_busiest_is_the_busiest_cpu_for_parallel_threads():
    before = CpuReading(0, (0, 0), {})
    after = CpuReading(4_000_000, (2_000_000, 2_000_000), {20: 2_000_000, 21: 2_000_000})
    assert cputime.busiest_ms(before, after, cores=2) == pytest.approx(2.0)


def test_busiest_counts_exited_threads_through_the_cgroup_total():
    # an auto-reaped child did 6 ms of work on one CPU and is gone: no live thread shows it
    before = CpuReading(0, (0, 0), {})
    after = CpuReading(6_000_000, (6_000_000, 0), {})
    assert cputime.busiest_ms(before, after, cores=2) == pytest.approx(6.0)
    # on cgroup v2 (no per-CPU figures) the total over the cores is the floor
    assert cputime.busiest_ms(CpuReading(0), CpuReading(6_000_000), cores=2) == pytest.approx(3.0)


def test_a_thread_born_in_the_window_is_never_charged_more_than_the_window_used():
    before = CpuReading(0, (), {})
    after = CpuReading(1_000_000, (), {30: 5_000_000})  # a tid seen for the first time
    assert cputime.busiest_ms(before, after, cores=2) == pytest.approx(1.0)
