"""The supervisor's bound with stand-in clocks: bursts of calls and the GPU hand-over's order
(runner/supervisor/windows.py), the slack (runner/supervisor/clock.py) and the CPU meter's
lower bound (runner/supervisor/cputime.py)."""

from __future__ import annotations

import pytest

from runner.common import signals
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

    words = None  # the host clock's path

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

    def call(extra, queue):
        assert extra == {} and queue is None  # no hand-over on the host clock's path
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
    believed is ``bound * (1 - SLACK_REL)`` less an absolute part: none on the CPU, the host
    windows' measured ``SLACK_ABS_MS`` on a GPU, or with the hand-over windows ``NOISE_SLACK``
    times the case's measured clock noise, so that even a 4 us kernel cannot claim much less."""
    k = 32
    wins = _per_call_bound(call_ms, 0.3, k, 0.02)
    empty = _per_call_bound(0.0, 0.3, k, 0.02)
    nulls = [0.2] * 9
    noise = clock.NOISE_SLACK["cuda"] * clock.clock_noise_ms(empty)
    for device, cpu_bound, handover, absolute in (
        ("cuda", None, True, noise),
        ("cuda", None, False, clock.SLACK_ABS_MS["cuda"]),
        ("cpu", call_ms, False, 0.0),
    ):
        rel = clock.SLACK_REL[device]
        honest = clock.check(call_ms, wins, empty, nulls, nulls, device, cpu_bound, handover)
        assert honest.consistent and honest.time_ms == call_ms
        most = call_ms * (1 - rel) - absolute
        if handover or device == "cpu":
            assert most > 0.25 * call_ms  # the slack is a fraction of the call, at every size
        elif most <= 0:  # host windows: a kernel shorter than the absolute part claims anything
            continue
        assert clock.check(
            most * (1 + 1e-9), wins, empty, nulls, nulls, device, cpu_bound, handover
        ).consistent
        below = clock.check(most * 0.99, wins, empty, nulls, nulls, device, cpu_bound, handover)
        assert not below.consistent and below.time_ms == pytest.approx(call_ms, rel=1e-6)
    assert clock.SLACK_ABS_MS["cpu"] == 0.0 and clock.NOISE_SLACK["cpu"] == 0.0


def test_the_clock_noise_is_the_spread_of_the_empty_windows_and_at_least_the_resolution():
    assert clock.clock_noise_ms([0.3] * 15) == clock.EVENT_RESOLUTION_MS
    spread = [0.300, 0.302, 0.298, 0.301, 0.299, 0.300, 0.304]
    assert clock.clock_noise_ms(spread) == pytest.approx(1.4826 * 0.001)


class Log:
    """Records what the supervisor queues, in order."""

    def __init__(self):
        self.items = []


class FakeEvent:
    def __init__(self, log: Log, name: str):
        self.log, self.name, self.at = log, name, None

    def record(self):
        self.log.items.append(self.name)
        self.at = len(self.log.items)

    def elapsed_time(self, other: FakeEvent) -> float:
        return float(other.at - self.at)

    def query(self) -> bool:
        return True


class FakeWords:
    """The words' page: what the supervisor queues on its stream, and what its host reads and
    sets; ``child_done``: the child's stream writes DONE as soon as it is given GO."""

    def __init__(self, log: Log, child_done: bool):
        self.log, self.child_done, self.values = log, child_done, dict.fromkeys(_WORD, 0)
        self.reads = 0

    def wait(self, stream, word, n):
        self.log.items.append(f"wait {_WORD[word]}>={n} on {stream}")

    def write(self, stream, word, n):
        self.log.items.append(f"{_WORD[word]}:={n} on {stream}")
        if word == signals.GO and self.child_done:
            self.values[signals.DONE] = n

    def read(self, word):
        self.reads += 1
        return self.values[word]

    def set(self, word, n):
        self.log.items.append(f"{_WORD[word]}:={n} by the host")
        self.values[word] = n

    def describe(self):
        return "READY=1 GO=0 DONE=0"


_WORD = {signals.READY: "READY", signals.GO: "GO", signals.DONE: "DONE"}


class Logging:
    """A stand-in that logs what the supervisor queues on it."""

    def __init__(self, log: Log):
        self.log = log


class FakeGate(Logging):
    def hold(self, stream):
        self.log.items.append(f"hold gate on {stream}")

    def open(self):
        self.log.items.append("open gate")


class FakeGraph(Logging):
    def prepare(self, plan):
        self.log.items.append("plan")

    def launch(self):
        self.log.items.append("snapshot")

    def take(self, plan):
        self.log.items.append("take")
        return {}


class FakeGpuBuffers:
    def __init__(self, log: Log, child_done: bool = True):
        self.log, self.handovers = log, 0
        self.words = FakeWords(log, child_done)
        self.gate, self.graph = FakeGate(log), FakeGraph(log)

    def snapshot_graph(self):
        return self.graph

    def write(self, inputs):
        self.log.items.append(f"write {inputs['A']}")

    def sync(self):
        self.log.items.append("sync")


class FakeFlush(Logging):
    def fill_(self, value):
        self.log.items.append("flush")


def _fake_gpu(monkeypatch, log: Log, query: bool):
    names = iter(["start", "end"] * 4)

    class Event(FakeEvent):
        def query(self) -> bool:
            return query

    class FakeCuda:
        @staticmethod
        def Event(enable_timing):  # noqa: N802 - torch's name
            return Event(log, next(names))

        @staticmethod
        def current_stream():
            return type("S", (), {"cuda_stream": "main"})()

    monkeypatch.setattr(windows.torch, "cuda", FakeCuda)


def test_a_gpu_cycle_is_queued_once_the_call_is_sent_and_its_end_once_the_child_is_done(
    monkeypatch,
):
    log = Log()
    _fake_gpu(monkeypatch, log, query=True)
    bufs = FakeGpuBuffers(log)
    sent = []

    def call(extra, queue):
        sent.append(extra)
        log.items.append(f"call {extra['signal']}")
        queue(lambda: False)  # as ChildProcess.request: after the send, before the answer
        log.items.append(f"answer {extra['signal']}")
        return "done"

    out, window, cpu = windows.burst(bufs, [{"A": 1}, {"A": 2}], [{}, {}], FakeFlush(log), 0, call)
    assert sent == [{"signal": 1}, {"signal": 2}] and cpu is None
    first = log.items[: log.items.index("answer 1") + 1]
    assert first == [
        "sync",
        "call 1",  # sent first: nothing the host waits on while queueing can need the call
        "plan",  # the sample plan's indices into the snapshot graph's, before the window
        "hold gate on main",  # the window's work runs once all of it is queued
        "wait READY>=1 on main",
        "start",
        "write 1",
        "flush",
        "GO:=1 on main",
        "open gate",
        # the host read DONE (the child's stream wrote it), so this wait is already passed and
        # the stream held nothing pending while the child worked
        "wait DONE>=1 on main",
        "snapshot",  # follows the child's DONE: later writes are not judged
        "end",
        "take",  # the snapshot's values copied out, after the window
        "answer 1",
    ]
    after = log.items[len(first) : len(first) + 5]
    assert after == [
        "READY:=1 by the host",
        "GO:=1 by the host",
        "DONE:=1 by the host",
        "open gate",
        "sync",
    ]
    assert "wait READY>=2 on main" in log.items  # the next call has its own number
    assert window == 2 * 7.0  # each window: start to end, the queued items between them


def test_the_host_stops_waiting_for_done_once_the_child_has_answered_without_it(monkeypatch):
    log = Log()
    _fake_gpu(monkeypatch, log, query=True)
    bufs = FakeGpuBuffers(log, child_done=False)
    asked = []

    def answered():
        asked.append(bufs.words.reads)
        return len(asked) == 3  # the reply arrives at the third look

    out, _, _ = windows.burst(
        bufs, [{"A": 1}], [{}], None, 0, lambda extra, queue: queue(answered) or "error"
    )
    assert out == [("error", {})]
    assert asked == [windows.DONE_POLLS, 2 * windows.DONE_POLLS, 3 * windows.DONE_POLLS]
    # the snapshot still waits for DONE on the stream, which the host's release provides
    assert log.items.index("wait DONE>=1 on main") < log.items.index("snapshot")
    assert log.items.index("snapshot") < log.items.index("DONE:=1 by the host")


def test_a_null_cycle_on_the_gpu_hands_nothing_over(monkeypatch):
    log = Log()
    _fake_gpu(monkeypatch, log, query=True)
    bufs = FakeGpuBuffers(log)
    out, window, _ = windows.burst(bufs, [{"A": 7}], [{}], FakeFlush(log), 0, None)
    assert out == [(None, {})]
    assert log.items == [
        "sync",
        "plan",
        "hold gate on main",
        "start",
        "write 7",
        "flush",
        "open gate",
        "snapshot",
        "end",
        "take",
        "open gate",  # (the release after every cycle; opening twice changes nothing)
        "sync",
    ]
    assert bufs.handovers == 0


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


def test_a_stalled_hand_over_is_an_internal_error_that_names_the_words(monkeypatch):
    log = Log()
    _fake_gpu(monkeypatch, log, query=False)
    monkeypatch.setattr(windows, "HANDOVER_STALL_S", 0.01)
    with pytest.raises(windows.Verdict) as err:
        windows.burst(
            FakeGpuBuffers(log), [{"A": 1}], [{}], None, 0, lambda extra, queue: queue(lambda: True)
        )
    assert err.value.verdict == "internal_error"
    assert "call 1 stalled (READY=1 GO=0 DONE=0)" in err.value.message


def test_a_failed_call_says_where_the_hand_over_stood(monkeypatch):
    log = Log()
    _fake_gpu(monkeypatch, log, query=True)

    def call(extra, queue):
        queue(lambda: True)
        raise windows.Verdict("time_limit_exceeded", "Time limit exceeded")

    with pytest.raises(windows.Verdict) as err:
        windows.burst(FakeGpuBuffers(log), [{"A": 1}], [{}], None, 0, call)
    assert err.value.verdict == "time_limit_exceeded"
    assert err.value.message.endswith("(GPU hand-over of call 1: READY=1 GO=0 DONE=0)")
    assert "DONE:=1 by the host" in log.items  # released all the same


def test_the_calibration_records_the_hand_over_its_buffers_had(monkeypatch):
    """close() drops the buffers' words; the calibration must have read them before."""
    from types import SimpleNamespace

    from runner.contract import ProblemSpec
    from tests.runner.helpers import VECTOR_ADD

    log = Log()

    class Closing(FakeGpuBuffers):
        def sample_plan(self, rng):
            return {}

        def close(self):
            self.words = None

    job = SimpleNamespace(device="cuda", language="cuda", seed=1)
    j = SimpleNamespace(
        job=job,
        problem=ProblemSpec.from_dir(VECTOR_ADD),
        limits=SimpleNamespace(max_timed_runs=100),
        rng=None,
        child=None,
        buffers_for=lambda scalars, where: Closing(log),
    )
    monkeypatch.setattr(windows, "timed_call_message", lambda j: {"op": "call"})
    monkeypatch.setattr(windows, "stage", lambda j, ci, case, it: {})
    monkeypatch.setattr(windows, "burst", lambda *args: ([], 0.5, None))
    calibrations = windows.calibrate(j, flush=None)
    assert calibrations and all(c.handover for c in calibrations)
