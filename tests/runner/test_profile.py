"""Mode ``profile`` on the CPU: the ncu command line the child is started under, the errors
where a job cannot be profiled, and the flow end to end with a stand-in ``ncu``.

The stand-in (a small script written per test) starts the child's command line the way ncu
does, records its own arguments, writes a fixed report and, for ``--import``, prints the
fixture tests/runner/data/ncu_raw.csv. It runs without the sandbox module (the plain
subprocess fallback): the sandbox mounts only /usr, the interpreter and the runner, not a
test's folder. What the real ncu does in the sandbox is checked on a GPU host
(tests/runner/test_profile_gpu.py).
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from runner import judge
from runner.__main__ import render_profile
from runner.contract import BenchmarkCase, JobSpec, JudgeResult
from runner.supervisor import childproc, profile
from runner.tools import ncu_summary

from .helpers import VECTOR_ADD, job, problem

SOL = VECTOR_ADD / "solutions"
DATA = Path(__file__).parent / "data"
REPORT_BYTES = b"NVIDIA-NCU-REPORT-STAND-IN\n" * 10

FAKE_NCU = """#!{python}
import json, os, subprocess, sys
args = sys.argv[1:]
record = {record!r}
if "--import" in args:
    sys.stdout.write(open({csv!r}).read())
    sys.exit(0)
with open(record, "w") as f:
    json.dump(args, f)
cut = args.index("--")
child = args[cut + 1:]
report = args[args.index("-o") + 1] + ".ncu-rep"
log = args[args.index("--log-file") + 1]
fd = int(child[child.index("--fd") + 1])
rc = subprocess.run(child, pass_fds=(fd,)).returncode
with open(log, "w") as f:
    f.write("==PROF== Disconnected from process 1\\n==WARNING== stand-in ncu\\n")
if {write_report}:
    with open(report, "wb") as f:
        f.write({report!r})
sys.exit(rc)
"""


def _fake_ncu(tmp_path: Path, write_report: bool = True) -> tuple[Path, Path]:
    path = tmp_path / "bin" / "ncu"
    path.parent.mkdir()
    record = tmp_path / "ncu-args.json"
    path.write_text(
        FAKE_NCU.format(
            python=sys.executable,
            record=str(record),
            csv=str(DATA / "ncu_raw.csv"),
            write_report=write_report,
            report=REPORT_BYTES,
        )
    )
    path.chmod(0o755)
    return path, record


@pytest.fixture
def stand_in(tmp_path, monkeypatch):
    """A stand-in ncu, the GPU requirement lifted, no sandbox module (see the module doc)."""
    ncu, record = _fake_ncu(tmp_path)
    monkeypatch.setenv(profile.NCU_ENV, str(ncu))
    monkeypatch.setenv("KERNELJUDGE_NO_SANDBOX_MODULE", "1")
    monkeypatch.delenv(profile.BUFFERS_ENV, raising=False)
    monkeypatch.setattr(profile, "GPU_ONLY", False)
    return ncu, record


def _pjob(source: str, out: Path, **kw) -> JobSpec:
    return replace(job(source, mode="profile", **kw), output_dir=str(out), job_id="job-7")


# -- the command line --------------------------------------------------------------------------


def test_ncu_prefix_has_the_profile_options_and_ends_before_the_child():
    cmd = profile.ncu_prefix("/usr/local/cuda/bin/ncu", Path("/j/profile"), Path("/j/ncu.log"))
    assert cmd[0] == "/usr/local/cuda/bin/ncu" and cmd[-1] == "--"
    pairs = dict(zip(cmd[1:-1], cmd[2:-1], strict=False))
    assert pairs["--target-processes"] == "all"
    assert pairs["--profile-from-start"] == "off"
    assert pairs["--clock-control"] == "none"
    assert pairs["--replay-mode"] == "kernel"
    assert pairs["-o"] == "/j/profile" and "-f" in cmd
    assert pairs["--log-file"] == "/j/ncu.log"
    assert pairs["--launch-count"] == str(profile.MAX_KERNELS)
    assert set(pairs["--metrics"].split(",")) == set(ncu_summary.PROFILE_METRICS)


def test_child_command_is_wrapped_by_the_prefix(tmp_path, monkeypatch):
    seen = {}

    class Handle:
        pid = 1

    def spawn(argv, workdir, **kw):
        seen.update(argv=argv, kw=kw)
        return Handle()

    monkeypatch.setattr(childproc.proc, "spawn", spawn)
    j = job("def solve(*a): pass", mode="profile")
    childproc.ChildProcess(j, tmp_path, 1 << 20, argv_prefix=["ncu", "-x", "--"])
    argv, kw = seen["argv"], seen["kw"]
    # the sandbox puts the wrapper in front of the child's command, inside it
    assert list(kw["wrap"]) == ["ncu", "-x", "--"] and kw["loopback_sockets"] is True
    assert argv[0] == sys.executable
    assert argv[1:3] == ["-m", "runner.child.torch_child"]  # profiles use the torch child
    (tmp_path / "plain").mkdir()
    childproc.ChildProcess(j, tmp_path / "plain", 1 << 20)
    assert seen["argv"][0] == sys.executable  # no prefix: the child's own command line
    assert not seen["kw"]["wrap"] and seen["kw"]["loopback_sockets"] is False


def test_find_ncu_order(tmp_path):
    ncu, _ = _fake_ncu(tmp_path)
    assert profile.find_ncu({"PATH": str(ncu.parent)}) == str(ncu)
    assert profile.find_ncu({profile.NCU_ENV: str(ncu), "PATH": ""}) == str(ncu)
    # an explicit path that is not there is not replaced by another ncu
    missing = {profile.NCU_ENV: str(tmp_path / "nope"), "PATH": str(ncu.parent)}
    assert profile.find_ncu(missing) is None
    # not on PATH: $CUDA_HOME/bin/ncu
    assert profile.find_ncu({"PATH": str(tmp_path), "CUDA_HOME": str(tmp_path)}) == str(ncu)
    nowhere = profile.find_ncu({"PATH": str(tmp_path), "CUDA_HOME": str(tmp_path / "x")})
    assert nowhere == (
        "/usr/local/cuda/bin/ncu" if os.access("/usr/local/cuda/bin/ncu", os.X_OK) else None
    )


def test_buffer_setting_and_report_cap():
    assert profile.buffers_mode({}) == "shared"
    assert profile.buffers_mode({profile.BUFFERS_ENV: "COPY"}) == "copy"
    with pytest.raises(ValueError, match="KERNELJUDGE_PROFILE_BUFFERS"):
        profile.buffers_mode({profile.BUFFERS_ENV: "pinned"})
    assert profile.report_cap({}) == profile.REPORT_MAX_BYTES
    assert profile.report_cap({profile.REPORT_CAP_ENV: "5000000"}) == 5_000_000
    assert profile.report_cap({profile.REPORT_CAP_ENV: "x"}) == profile.REPORT_MAX_BYTES


def test_main_case_is_the_one_that_moves_most_bytes():
    prob = problem("vector-add")
    small = BenchmarkCase(name="small", scalars={"N": 1000})
    big = BenchmarkCase(name="big", scalars={"N": 5000})
    prob2 = replace(prob, benchmarks=(small, big, replace(big, name="big again")))
    assert profile.main_case(prob2, "cuda") == (1, big)
    assert profile.main_case(replace(prob, benchmarks=()), "cuda") is None


# -- where a job cannot be profiled ------------------------------------------------------------


def test_cpu_job_gets_a_clear_error(tmp_path):
    r = judge(_pjob((SOL / "correct_pytorch.py").read_text(), tmp_path))
    assert r.verdict == "internal_error"
    assert r.message.startswith("Profiling runs on GPU workers only")
    assert r.profile == {"ok": False, "reason": "no_gpu", "error": r.message}
    assert r.benchmark is None and r.tests == []


def test_missing_ncu_gets_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(profile, "GPU_ONLY", False)
    monkeypatch.setenv(profile.NCU_ENV, str(tmp_path / "no-ncu-here"))
    r = judge(_pjob((SOL / "correct_pytorch.py").read_text(), tmp_path))
    assert r.verdict == "internal_error"
    assert "Profiling needs Nsight Compute (ncu)" in r.message
    assert r.profile["reason"] == "no_ncu"
    JudgeResult.from_json(r.to_json())


def test_bad_buffer_setting_is_reported(tmp_path, stand_in, monkeypatch):
    monkeypatch.setenv(profile.BUFFERS_ENV, "pinned")
    r = judge(_pjob((SOL / "correct_pytorch.py").read_text(), tmp_path))
    assert r.verdict == "internal_error" and r.profile["reason"] == "bad_setting"


# -- the flow with the stand-in ----------------------------------------------------------------


@pytest.mark.parametrize("buffers", ["shared", "copy"])
def test_profile_flow_end_to_end(tmp_path, stand_in, monkeypatch, buffers):
    _ncu, record = stand_in
    monkeypatch.setenv(profile.BUFFERS_ENV, buffers)
    out = tmp_path / "reports"
    events = []
    r = judge(_pjob((SOL / "correct_pytorch.py").read_text(), out), on_event=events.append)
    assert r.verdict == "accepted", (r.message, r.details, r.profile)
    assert r.benchmark is None and r.score_ms is None  # never a score
    assert [t["name"] for t in r.tests] == ["example", "zeros and negatives", "magnitudes"]
    p = r.profile
    assert p["ok"] and p["buffers"] == buffers
    assert p["case"] == {"index": 0, "name": "N = 25,000,000", "sizes": {"N": 1_000_000}}
    # the child ran under the stand-in with the prefix's options, ending in the child's argv
    args = json.loads(record.read_text())
    assert args[: args.index("--") + 1] == p["ncu"]["command"][:-1][1:]
    assert args[args.index("--") + 1 : args.index("--") + 4] == [
        sys.executable,
        "-m",
        "runner.child.torch_child",
    ]
    # the summary is the fixture's, kernel by kernel
    expected = ncu_summary.summary_from_csv((DATA / "ncu_raw.csv").read_text())
    assert [k["kernel"] for k in p["kernels"]] == [k["kernel"] for k in expected]
    va = p["kernels"][0]
    assert va["launches"] == 2 and va["duration_ns"] > 0
    assert va["dram_gbps"] == pytest.approx(va["dram_bytes"] / va["total_duration_ns"])
    assert p["launches"] == 3 and not p["launch_limit_reached"]
    # the report: copied to the output directory, its size given
    rep = Path(p["report"]["path"])
    assert rep.parent == out and rep.name.startswith("job-7-") and rep.suffix == ".ncu-rep"
    assert rep.read_bytes() == REPORT_BYTES and p["report"]["bytes"] == len(REPORT_BYTES)
    assert p["ncu_log"] == ["==WARNING== stand-in ncu"]
    # the judge's own time for that case, and the comparison with the bytes formula
    t, c = p["judge_time"], p["comparison"]
    assert t["median_ms"] > 0 and t["runs"] >= 3 and t["bytes"] == 12 * 1_000_000
    assert t["gbps"] == pytest.approx(t["bytes"] / (t["median_ms"] * 1e6), rel=1e-6)
    total_ns = sum(k["total_duration_ns"] for k in expected)
    assert c["ncu_duration_ms"] == pytest.approx(total_ns / 1e6)
    assert c["gbps_ratio"] == pytest.approx(c["ncu_dram_gbps"] / t["gbps"])
    assert c["bytes_ratio"] == pytest.approx(c["ncu_dram_bytes"] / t["bytes"])
    assert {"phase": "profiling", "case": "N = 25,000,000"} in events
    assert "Profiled 'N = 25,000,000'" in r.message and "never scored" in r.message
    again = JudgeResult.from_json(r.to_json())
    assert again.profile == json.loads(json.dumps(p))
    text = "\n".join(render_profile(p))
    assert "vector_add" in text and str(rep) in text


def test_wrong_solution_gets_its_verdict_and_no_profile(tmp_path, stand_in):
    _ncu, record = stand_in
    r = judge(_pjob((SOL / "wrong_no_tail_pytorch.py").read_text(), tmp_path))
    assert r.verdict == "wrong_answer"
    assert r.profile is None and r.benchmark is None
    assert not record.exists()  # ncu never started


def test_no_report_is_a_profile_error(tmp_path, monkeypatch):
    ncu, _record = _fake_ncu(tmp_path, write_report=False)
    monkeypatch.setenv(profile.NCU_ENV, str(ncu))
    monkeypatch.setenv("KERNELJUDGE_NO_SANDBOX_MODULE", "1")
    monkeypatch.setattr(profile, "GPU_ONLY", False)
    src = textwrap.dedent(
        """
        def solve(A, B, C, N):
            C.copy_(A + B)
        """
    )
    r = judge(_pjob(src, tmp_path / "out"))
    assert r.verdict == "internal_error"
    assert r.profile["reason"] == "no_report"
    assert "no usable report: no report file" in r.message
    assert r.profile["ncu_log"] == ["==WARNING== stand-in ncu"]
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_ncu_install_dirs_outside_usr_are_bound(tmp_path):
    """The toolkit's bin/ncu launcher finds Nsight Compute beside the toolkit: both folders
    must be visible in the sandbox (read-only binds), nothing under /usr is listed."""
    toolkit = tmp_path / "cuda-13.0"
    (toolkit / "bin").mkdir(parents=True)
    (toolkit / "nsight-compute-2025.3.1").mkdir()
    ncu = toolkit / "bin" / "ncu"
    ncu.write_text("#!/bin/sh\n")
    dirs = profile.ncu_install_dirs(str(ncu))
    assert toolkit / "bin" in dirs and toolkit / "nsight-compute-2025.3.1" in dirs
    assert not any(d.is_relative_to("/usr") for d in dirs)
