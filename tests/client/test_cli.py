"""Unit tests of the kerneljudge client: language and problem inference, the config file,
exit codes and the rendering of a failing test. The HTTP layer is replaced by canned API
answers here; tests/client/test_cli_live.py runs the real client against a real server."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from kerneljudge import cli, config, report
from kerneljudge.http import Api, ApiError, NetworkError
from rest_framework.test import APIClient

from runner.contract import languages


@pytest.fixture
def records(db) -> list[dict]:
    """The language records as the site serves them (GET /api/v1/languages/)."""
    answer = APIClient().get("/api/v1/languages/")
    assert answer.status_code == 200
    return answer.json()


@pytest.mark.parametrize(
    ("name", "source", "language"),
    [
        ("k.cu", "__global__ void f() {}", "cuda"),
        ("k.cuh", "", "cuda"),
        ("k.py", "import triton\nimport torch\n", "triton"),
        ("k.py", "import cupy as cp\n", "cupy"),
        ("k.py", "import jax\nimport jax.numpy as jnp\n", "jax"),
        ("starter.jax.py", "def solve(A, B, N):\n    return A + B\n", "jax"),
        ("k.py", "import cutlass\nimport cutlass.cute as cute\nimport torch\n", "cute"),
        ("starter.cute.py", "@cute.jit\ndef solve(A, B, C, N):\n    pass\n", "cute"),
        ("k.py", "import tilelang\nimport tilelang.language as T\nimport torch\n", "tilelang"),
        ("k.py", "import torch\nimport tilelang\n", "tilelang"),
        ("add.tilelang.py", "def solve(A, B, C, N):\n    pass\n", "tilelang"),
        ("k.py", "import cuda.tile as ct\nimport torch\n", "cutile"),
        ("k.py", "import torch\nfrom cuda import tile as ct\n", "cutile"),
        ("add.cutile.py", "def solve(A, B, C, N):\n    pass\n", "cutile"),
        ("solution.mojo", "from gpu.host import DeviceContext\n", "mojo"),
        ("add.\N{FIRE}", "def main():\n    pass\n", "mojo"),
        ("k.py", "from torch import add\n", "pytorch"),
        ("k.py", "def solve(A, B, C, N):\n    pass\n", "pytorch"),
        ("k.py", "import triton\nimport cupy\n", "cupy"),
    ],
)
def test_language_inference_reads_the_sites_records_and_agrees_with_the_runner(
    records, name, source, language
):
    assert cli.infer_language(Path(name), source, records) == language
    assert languages.language_of_source(name, source) == language


def test_language_inference_refuses_unknown_extension(records):
    with pytest.raises(cli.UsageError, match="--language"):
        cli.infer_language(Path("k.rs"), "", records)


def test_problem_inference():
    assert cli.infer_problem(Path("x.py"), "# problem: vector-add\nimport torch\n") == "vector-add"
    assert cli.infer_problem(Path("x.cu"), "// problem: gemm\n") == "gemm"
    with pytest.raises(cli.UsageError, match="--problem"):
        cli.infer_problem(Path("x.py"), "import torch\n")


@pytest.fixture
def config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.delenv("KERNELJUDGE_URL", raising=False)
    monkeypatch.delenv("KERNELJUDGE_TOKEN", raising=False)
    return tmp_path / "cfg"


def test_config_file_is_mode_0600_and_env_wins(config_home, monkeypatch):
    path = config.save("http://judge.example", "kj_secret")
    assert path == config_home / "kerneljudge" / "config.json"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert json.loads(path.read_text()) == {"url": "http://judge.example", "token": "kj_secret"}
    path.chmod(0o644)
    config.save("http://judge.example", "kj_other")  # an existing file is tightened too
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert config.load().token == "kj_other"
    monkeypatch.setenv("KERNELJUDGE_TOKEN", "kj_env")
    monkeypatch.setenv("KERNELJUDGE_URL", "http://other")
    assert (config.load().url, config.load().token) == ("http://other", "kj_env")


class FakeApi:
    """Canned answers keyed by (method, path)."""

    def __init__(self, answers: dict, events: list | None = None) -> None:
        self.answers, self.event_list, self.calls = answers, events or [], []

    def __call__(self, api: Api, method: str, path: str, body=None, query=None):
        self.calls.append((method, path, body))
        answer = self.answers[(method, path.split("?")[0])]
        if isinstance(answer, Exception):
            raise answer
        return answer

    def events(self, api: Api, path: str):
        yield from self.event_list


@pytest.fixture
def fake(monkeypatch, config_home):
    def install(answers: dict, events: list | None = None) -> FakeApi:
        f = FakeApi(answers, events)
        monkeypatch.setattr(Api, "call", lambda api, *a, **k: f(api, *a, **k))
        monkeypatch.setattr(Api, "events", lambda api, path: f.events(api, path))
        return f

    return install


SUB = {"id": 7, "problem": "vector-add", "language": "pytorch", "device": "cpu", "mode": "submit"}


def write_solution(tmp_path: Path) -> Path:
    path = tmp_path / "sol.py"
    path.write_text("# problem: vector-add\nimport torch\n\ndef solve(A, B, C, N):\n    pass\n")
    return path


def test_submit_accepted_exits_0(fake, records, tmp_path, capsys):
    done = {**SUB, "status": "done", "verdict": "accepted", "message": "All tests passed."}
    f = fake(
        {
            ("POST", "submissions/"): {**SUB, "status": "queued"},
            ("GET", "submissions/7/"): done,
            ("GET", "languages/"): records,
        },
        [("progress", {"phase": "testing", "test": 1, "total": 2}), ("done", {"status": "done"})],
    )
    assert cli.main(["submit", str(write_solution(tmp_path))]) == 0
    method, path, body = f.calls[1]
    assert (method, path) == ("POST", "submissions/")
    assert (body["problem"], body["language"], body["mode"]) == ("vector-add", "pytorch", "submit")
    assert "ACCEPTED" in capsys.readouterr().out


def test_run_wrong_answer_exits_1_and_shows_the_failing_test(fake, records, tmp_path, capsys):
    failing = {
        "index": 4, "name": "N=1", "passed": False, "sizes": {"N": 1},
        "first_mismatch": {"output": "C", "index": [0], "expected": 3.0, "got": 0.0},
        "max_abs_err": 3.0, "max_rel_err": 1.0,
    }  # fmt: skip
    done = {
        **SUB, "mode": "run", "status": "done", "verdict": "wrong_answer",
        "message": "Test 'N=1' failed.", "tests": [{"index": 1, "passed": True}, failing],
    }  # fmt: skip
    fake(
        {
            ("POST", "submissions/"): {**SUB, "status": "queued"},
            ("GET", "submissions/7/"): done,
            ("GET", "languages/"): records,
        }
    )
    assert cli.main(["run", str(write_solution(tmp_path))]) == 1
    out = capsys.readouterr().out
    assert "WRONG ANSWER" in out and "failing test #4 'N=1' (N=1)" in out
    assert "C[0]: expected 3.0, got 0.0" in out


def test_json_output(fake, capsys):
    fake({("GET", "submissions/7/"): {**SUB, "status": "done", "verdict": "accepted"}})
    assert cli.main(["status", "7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "accepted"


def test_status_of_unfinished_submission_exits_1(fake):
    fake({("GET", "submissions/7/"): {**SUB, "status": "testing", "verdict": ""}})
    assert cli.main(["status", "7"]) == 1


def test_usage_errors_exit_2(fake, tmp_path, capsys):
    fake({})
    assert cli.main([]) == 2
    assert cli.main(["submit", str(tmp_path / "missing.py")]) == 2
    nameless = tmp_path / "k.py"
    nameless.write_text("import torch\n")
    assert cli.main(["submit", str(nameless)]) == 2
    assert "--problem" in capsys.readouterr().err
    assert cli.main(["--help"]) == 0


def test_api_and_network_errors_exit_2_with_the_message(fake, capsys):
    fake({("GET", "problems/nope/"): ApiError(404, "not_found", "There is no problem 'nope'.")})
    assert cli.main(["show", "nope"]) == 2
    assert "There is no problem 'nope'." in capsys.readouterr().err
    fake({("GET", "problems/"): NetworkError("cannot reach http://x: refused")})
    assert cli.main(["problems"]) == 2
    assert "cannot reach" in capsys.readouterr().err


def test_init_writes_the_starter_with_the_problem_line(fake, records, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    fake(
        {
            ("GET", "problems/va/"): {"starters": {"cuda": 'extern "C" void solve() {}\n'}},
            ("GET", "languages/"): records,
        }
    )
    assert cli.main(["init", "va", "-l", "cuda"]) == 0
    written = (tmp_path / "va-solution.cu").read_text()
    assert written.startswith("// problem: va\n")
    assert cli.main(["init", "va", "-l", "cuda"]) == 2  # exists; --force overwrites
    assert cli.main(["init", "va", "-l", "cuda", "--force"]) == 0
    assert cli.main(["init", "va", "-l", "pytorch"]) == 2  # no such starter


def test_skipped_tests_are_not_reported_as_failing():
    text = report.submission_report(
        {**SUB, "status": "done", "verdict": "accepted",
         "tests": [{"index": 1, "passed": True}, {"index": 2, "passed": None, "skipped": True}]}
    )  # fmt: skip
    assert "1/2 passed, 1 skipped" in text and "failing" not in text


def test_a_cuda_run_on_the_cpu_is_labelled_cpu_emulation():
    sub = {
        **SUB,
        "status": "done",
        "verdict": "accepted",
        "language": "cuda",
        "device": "cpu",
        "benchmark": {"cases": [{"name": "N", "median_ms": 2.0, "runs": 5}], "score_ms": 2.0},
    }
    emulated = report.submission_report({**sub, "emulated": True})
    assert "device cpu (CPU emulation)" in emulated and "rank on no leaderboard" in emulated
    assert "CPU emulation score (geometric mean): " in emulated
    plain = report.submission_report({**sub, "emulated": False})
    assert "emulation" not in plain and "  score (geometric mean): " in plain


def test_a_non_utf8_source_is_a_usage_error_not_a_traceback(fake, tmp_path, capsys):
    f = fake({})
    path = tmp_path / "sol.py"
    path.write_bytes(b"# problem: vector-add\n# caf\xe9 in Latin-1\nimport torch\n")
    assert cli.main(["submit", str(path)]) == 2
    err = capsys.readouterr().err
    assert "not UTF-8" in err and "line 2" in err and "Traceback" not in err
    assert f.calls == []  # nothing was sent


@pytest.mark.parametrize(
    "argv",
    [["--json", "status", "7"], ["status", "7", "--json"], ["status", "--json", "7"]],
)
def test_json_before_or_after_the_subcommand(fake, capsys, argv):
    fake({("GET", "submissions/7/"): {**SUB, "status": "done", "verdict": "accepted"}})
    assert cli.main(argv) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "accepted"


def test_url_before_the_subcommand_is_kept(fake, monkeypatch):
    seen = []
    monkeypatch.setattr(Api, "call", lambda api, *a, **k: seen.append(api.base_url) or {**SUB})
    assert cli.main(["--url", "http://judge.example", "status", "7"]) == 1
    assert seen == ["http://judge.example"]


@pytest.mark.parametrize(
    ("rank", "ranked", "shown", "absent"),
    [
        (1, 1, "rank 1 of 1", "top"),
        (1, 40, "rank 1 of 40 (top 3%)", "top 0%"),
        (40, 40, "rank 40 of 40 (top 100%)", "top 0%"),
        (2, None, "rank 2", "of"),
    ],
)
def test_rank_line_never_says_top_0(rank, ranked, shown, absent):
    sub = {**SUB, "status": "done", "verdict": "accepted", "rank": rank, "percentile": 100.0}
    text = report.submission_report({**sub, "ranked": ranked})
    line = next(x for x in text.splitlines() if "rank" in x).strip()
    assert line == shown and absent not in line


def test_errors_are_shown_at_the_users_line():
    text = report.submission_report(
        {**SUB, "status": "done", "verdict": "runtime_error", "diagnostics": [
            {"line": 4, "column": 0, "severity": "error", "source_line": "    x = 1 / 0",
             "message": "ZeroDivisionError: division by zero (in solve)"}]}
    )  # fmt: skip
    assert "line 4: ZeroDivisionError: division by zero (in solve)" in text
    assert "\n    x = 1 / 0" in text


PROFILE = {
    "submission": 7,
    "status": "done",
    "verdict": "accepted",
    "report_url": "http://judge.example/api/v1/submissions/7/profile/report/",
    "profile": {
        "ok": True,
        "case": "N = 25,000,000",
        "sizes": "N=25000000",
        "launches": 1,
        "kernels": [
            {
                "kernel": "vector_add",
                "launches": 1,
                "duration_us": 105.0,
                "dram_pct": 91.5,
                "dram_gbps": 2857.1,
                "l2_pct": 40.0,
                "sm_pct": 12.0,
                "tensor_pct": None,
                "occupancy_pct": 88.0,
                "stalls": [{"reason": "long scoreboard", "pct": 80.0}],
            }
        ],
        "judge": {"median_ms": 0.108, "gbps": 2777.0},
        "comparison": {"ncu_duration_ms": 0.105, "ncu_dram_gbps": 2857.1, "gbps_ratio": 1.029},
        "report": {"profiled": True, "bytes": 1234, "expired": False, "available": True},
    },
}


def test_profile_submits_in_mode_profile_prints_the_summary_and_saves_the_report(
    fake, records, tmp_path, capsys, monkeypatch
):
    done = {**SUB, "mode": "profile", "status": "done", "verdict": "accepted", "message": "ok"}
    f = fake(
        {
            ("POST", "submissions/"): {**SUB, "status": "queued"},
            ("GET", "submissions/7/"): done,
            ("GET", "submissions/7/profile/"): PROFILE,
            ("GET", "languages/"): records,
        }
    )
    downloads = []

    def download(api, path, target):
        downloads.append(path)
        target.write_bytes(b"REPORT")
        return 6

    monkeypatch.setattr(Api, "download", download)
    target = tmp_path / "out.ncu-rep"
    code = cli.main(
        [
            "profile",
            "vector-add",
            str(write_solution(tmp_path)),
            "-d",
            "gpu-h100",
            "-o",
            str(target),
        ]
    )
    assert code == 0
    _method, _path, body = f.calls[1]
    assert (body["mode"], body["device"], body["problem"]) == ("profile", "gpu-h100", "vector-add")
    assert downloads == ["submissions/7/profile/report/"] and target.read_bytes() == b"REPORT"
    out = capsys.readouterr().out
    assert "vector_add" in out and "91.5" in out and "long scoreboard 80%" in out
    assert f"Report saved to {target} (6 bytes)" in out


def test_profile_that_failed_exits_1_and_downloads_nothing(
    fake, records, tmp_path, capsys, monkeypatch
):
    done = {**SUB, "mode": "profile", "status": "done", "verdict": "internal_error"}
    failed = {**PROFILE, "verdict": "internal_error", "report_url": None,
              "profile": {"ok": False, "error": "Profiling needs Nsight Compute (ncu)",
                          "kernels": [], "report": {}}}  # fmt: skip
    fake(
        {
            ("POST", "submissions/"): {**SUB, "status": "queued"},
            ("GET", "submissions/7/"): done,
            ("GET", "submissions/7/profile/"): failed,
            ("GET", "languages/"): records,
        }
    )
    monkeypatch.setattr(Api, "download", lambda *a: pytest.fail("nothing to download"))
    assert cli.main(["profile", str(write_solution(tmp_path)), "-d", "gpu-h100"]) == 1
    assert "No profile: Profiling needs Nsight Compute (ncu)" in capsys.readouterr().out


def test_profile_needs_a_device(fake, tmp_path):
    assert cli.main(["profile", str(write_solution(tmp_path))]) == 2


def test_languages_lists_each_language_with_the_device_kinds_that_judge_it(fake, capsys):
    served = [
        {"name": "cuda", "title": "CUDA C++", "device_kinds": ["gpu-h200"],
         "versions": {"gpu-h200": "13.0"}},
        {"name": "jax", "title": "JAX", "device_kinds": [], "versions": {}},
    ]  # fmt: skip
    fake({("GET", "languages/"): served})
    assert cli.main(["languages"]) == 0
    out = capsys.readouterr().out
    assert "gpu-h200 (13.0)" in out
    assert "no live worker judges it now" in out


def test_a_search_with_no_match_says_so_instead_of_an_empty_table(fake, capsys):
    fake({("GET", "problems/"): {"results": [], "next": None}})
    assert cli.main(["problems", "--search", "nosuch"]) == 0
    assert capsys.readouterr().out == "No problems match search 'nosuch'.\n"
    assert cli.main(["problems", "--search", "nosuch", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_no_wait_prints_the_id_and_does_not_follow_the_judging(fake, records, tmp_path, capsys):
    f = fake(
        {("POST", "submissions/"): {**SUB, "status": "queued"}, ("GET", "languages/"): records}
    )
    assert cli.main(["submit", str(write_solution(tmp_path)), "--no-wait"]) == 0
    assert capsys.readouterr().out == "7\n"
    # the language guess reads the records; then no wait, no poll
    assert [c[:2] for c in f.calls] == [("GET", "languages/"), ("POST", "submissions/")]


def test_a_closed_pipe_ends_quietly_without_a_traceback(tmp_path):
    """`kerneljudge show softmax | head -1`: the reader leaves after one line."""
    import subprocess
    import sys

    script = tmp_path / "show.py"
    script.write_text(
        "import sys\n"
        "from kerneljudge import cli\n"
        "from kerneljudge.http import Api\n"
        "text = '\\n'.join(f'line {i}' for i in range(200_000))\n"
        "p = {'title': 'Softmax', 'difficulty': 'easy', 'statement': text}\n"
        "Api.call = lambda api, *a, **k: p\n"
        "sys.exit(cli.main(['show', 'softmax']))\n"
    )
    client_dir = Path(cli.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(client_dir), "XDG_CONFIG_HOME": str(tmp_path)}
    out = subprocess.run(
        f"{sys.executable} {script} | head -1",
        shell=True, capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert out.stdout == "Softmax (easy)\n"
    assert "Traceback" not in out.stderr and "BrokenPipeError" not in out.stderr, out.stderr
