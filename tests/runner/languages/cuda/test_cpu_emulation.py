"""CUDA C++ on the CPU: programs/constructs.cu built once through cpu_build.build (the real
host compiler, in the sandbox) and called through ctypes; each construct family returns the
values a GPU returns, and each failure is reported with the kernel, the line and the thread.
Failures are sticky, so each runs in a process of its own."""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from runner.languages.cuda.cpu_build import BuildOptions, build, host_compiler

PROGRAM = Path(__file__).parent / "programs" / "constructs.cu"

pytestmark = pytest.mark.skipif(
    host_compiler(BuildOptions()) is None, reason="no host C++ compiler"
)


def lines_of(text: str, needle: str) -> int:
    """The 1-based line of the first line of constructs.cu containing ``needle``."""
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


@pytest.fixture(scope="module")
def library(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("emu")
    result = build(PROGRAM, out)
    assert result.ok, result.log
    return result.so_path


@pytest.fixture(scope="module")
def lib(library):
    return ctypes.CDLL(str(library))


def ptr(a: np.ndarray) -> ctypes.c_void_p:
    return a.ctypes.data_as(ctypes.c_void_p)


def last_error(lib) -> tuple[int, str]:
    buf = ctypes.create_string_buffer(4096)
    code = lib.kerneljudge_last_error(buf, len(buf))
    return code, buf.value.decode()


def test_elementwise_template_kernel_with_a_deduced_parameter_and_a_lambda(lib):
    rng = np.random.default_rng(1)
    n = 100_003
    a, b = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    c = np.zeros(n, np.float32)
    lib.elementwise(ptr(a), ptr(b), ptr(c), ctypes.c_int(n))
    assert np.array_equal(c, np.float32(3) * a + b)
    assert last_error(lib) == (0, "")


def test_tiled_matmul_with_barriers_matches_numpy(lib):
    rng = np.random.default_rng(2)
    n = 67  # not a multiple of the tile: partial tiles
    a, b = rng.random((n, n), dtype=np.float32), rng.random((n, n), dtype=np.float32)
    c = np.zeros((n, n), np.float32)
    lib.tiled_matmul(ptr(a), ptr(b), ptr(c), ctypes.c_int(n))
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)


def test_shuffles_follow_ptx_semantics(lib):
    out = np.full(64 * 8, -1, np.int32)
    lib.run_shuffles(ptr(out))
    o = out.reshape(64, 8)
    t = np.arange(64)
    lane = t % 32
    warp0 = t - lane
    assert list(o[:, 0]) == list((warp0 + 3) * 10)
    assert list(o[:, 1]) == list(np.where(lane >= 2, t - 2, t))
    assert list(o[:, 2]) == list(np.where(lane + 5 <= 31, t + 5, t))
    assert list(o[:, 3]) == list(t ^ 1)
    assert list(o[:, 4]) == list(t - lane % 8 + 1)
    assert list(o[:, 5]) == list(np.where(lane % 16 + 3 <= 15, t + 3, t))
    assert set(o[:, 6]) == {496}
    assert set(o[:, 7]) == {63}


def test_votes_match_reduce_and_counting_barriers(lib):
    out = np.zeros(64 * 8, np.uint32)
    lib.run_votes(ptr(out))
    o = out.reshape(64, 8)
    lane = np.arange(64) % 32
    assert set(o[:, 0]) == {sum(1 << i for i in range(32) if i % 3 == 0)}
    assert set(o[:, 1]) == {1}
    assert set(o[:, 2]) == {0}
    assert list(o[:, 3]) == [0xF << (4 * (x // 4)) for x in lane]
    assert set(o[:, 4]) == {496}
    assert set(o[:, 5]) == {32}
    assert set(o[:, 6]) == {11}
    assert set(o[:, 7]) == {0xFFFFFFFF}


def test_atomics_under_contention_from_many_blocks(lib):
    size = lib.counters_size()
    raw = np.zeros(size, np.uint8)
    blocks, threads = 300, 128
    total = blocks * threads
    lib.run_atomics(ptr(raw), ctypes.c_int(blocks))
    fields = np.dtype(
        [
            ("i", "i4"), ("u", "u4"), ("ull", "u8"), ("f", "f4"), ("pad0", "u4"), ("d", "f8"),
            ("mn", "i4"), ("mx", "i4"), ("inc", "u4"), ("cas_sum", "i4"), ("orv", "u4"),
            ("andv", "u4"), ("xorv", "u4"), ("h", "f2"), ("pad", "f2"),
        ]
    )  # fmt: skip
    assert fields.itemsize <= size
    c = raw[: fields.itemsize].view(fields)[0]
    assert c["i"] == total  # and every block saw its shared counter reach blockDim.x
    assert c["u"] == 2 * total and c["ull"] == 3 * total
    assert c["f"] == total * 0.5 and c["d"] == total * 0.25
    assert c["mn"] == -(total - 1) and c["mx"] == total - 1
    assert c["inc"] == total % 100
    assert c["cas_sum"] == 2 * total
    assert c["orv"] == 0xFFFFFFFF and c["andv"] == 0xFFFF0000 and c["xorv"] == total % 2
    assert c["h"] == 2048.0  # fp16 addition stops at 2048 (2048 + 1 rounds to 2048)


def test_half_bfloat16_and_fp8_conversions_round_to_nearest_even(lib):
    out = np.zeros(18, np.float32)
    lib.half_math(ptr(out))
    assert out[0] == 1.0 and out[1] == 1.0 + 2.0**-10
    assert np.isinf(out[2]) and out[3] == 2.0**-24
    assert out[4] == 3.75 and out[5] == np.float32(np.float16(1.5 * 2.25))
    assert out[6] == np.float32(np.float16(1.5 * 2.25 - 1.0))
    assert out[7] == np.float32(np.float16(1.5)) and out[8] == 4.5
    assert out[9] == 1.0 and out[10] == 3.140625
    assert out[11] == 448.0 and out[12] == 0.3125 and out[13] == -3.5
    assert out[14] == 11.0
    assert out[15] == np.float32(np.float16(np.sqrt(2.0)))


def test_min_max_overloads_and_integer_intrinsics(lib):
    out = np.zeros(18, np.float32)
    lib.half_math(ptr(out))
    assert out[16] == 3 + 2.5 + 10 + 2
    # popc 8, clz(1) 31, ffs(8) 4, brev(1) >> 31 = 1, byte_perm selector 0x4321 -> 0x44332211,
    # float2int_rn(2.5) = 2 (ties to even)
    assert out[17] == np.float32(8 + 31 + 4 + 1 + 0x44332211 + 2)


def test_cooperative_groups_tile_reduction(lib):
    rng = np.random.default_rng(3)
    n = 50_000
    x = rng.random(n, dtype=np.float32)
    out = np.zeros(1, np.float32)
    lib.run_cg_sum(ptr(x), ptr(out), ctypes.c_int(n))
    assert out[0] == pytest.approx(float(x.sum(dtype=np.float64)), rel=1e-5)


def test_dynamic_shared_memory_constants_and_symbols(lib):
    blocks, threads = 5, 96
    x = np.arange(blocks * threads, dtype=np.float32)
    seen = lib.dynamic_shared(ptr(x), ctypes.c_int(blocks), ctypes.c_int(threads))
    assert seen == blocks
    want = np.arange(blocks * threads, dtype=np.float32).reshape(blocks, threads)
    want = (want * np.tile([1, 2, 3, 4], threads // 4))[:, ::-1].reshape(-1)
    want[:threads] = np.roll(want[:threads], -1)
    assert np.array_equal(x, want)


def test_runtime_api_calls_a_solve_makes(lib):
    assert lib.api_checks() == 0


def run_alone(library: Path, call: str, env: dict[str, str] | None = None) -> str:
    """``call`` (Python using ``lib`` and ``buf``) in a fresh process; its output."""
    code = (
        "import ctypes, sys\n"
        f"lib = ctypes.CDLL({str(library)!r})\n"
        "buf = (ctypes.c_float * 64)(*([1.0] * 64))\n"
        f"{call}\n"
        "msg = ctypes.create_string_buffer(4096)\n"
        "code = lib.kerneljudge_last_error(msg, 4096)\n"
        "print(code, msg.value.decode())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_divergent_barrier_names_kernel_lines_and_threads(library):
    text = PROGRAM.read_text()
    out = run_alone(library, "lib.fail_divergent(buf)")
    first = lines_of(text, "if (threadIdx.x < 16) {") + 1
    assert out.startswith("719 unspecified launch failure: kernel divergent_barrier")
    assert f"__syncthreads at line {first}" in out and f"__syncthreads at line {first + 2}" in out
    assert "divergent barrier" in out and "thread (16,0,0)" in out


def test_mask_naming_an_exited_lane_is_an_error(library):
    text = PROGRAM.read_text()
    out = run_alone(library, "lib.fail_mask(buf)")
    line = lines_of(text, "v += __shfl_down_sync(0xffffffff, v, 1);")
    assert "kernel exited_lane" in out
    assert f"__shfl_down_sync at line {line}" in out and "names lane 20" in out
    assert "exited" in out


def test_deadlock_is_reported(library):
    out = run_alone(library, "lib.fail_deadlock(buf)")
    assert "kernel deadlock" in out and "deadlock" in out
    assert "__syncthreads" in out and "__shfl_sync" in out


def test_device_assert_is_a_sticky_error(library):
    text = PROGRAM.read_text()
    line = lines_of(text, "assert(x[threadIdx.x] >= 0.0f)")
    out = run_alone(library, "buf[2] = -1.0\nlib.fail_assert(buf)\nlib.fail_assert(buf)")
    assert out.startswith("710 device-side assert triggered")
    assert f"line {line}" in out and "thread (2,0,0)" in out


@pytest.mark.parametrize(
    ("env", "last", "fill"),
    [({}, 63, 0), ({"KJ_EMU_ORDER": "reverse"}, 0, 0), ({"KJ_EMU_SMEM_FILL": "0xa5"}, 63, 0xA5)],
)
def test_thread_order_and_shared_memory_fill_knobs(library, env, last, fill):
    call = "out = (ctypes.c_int * 2)()\nlib.run_order_probe(out)\nprint(out[0], out[1])"
    out = run_alone(library, call, {"KJ_EMU_THREADS": "1", **env})
    assert out.splitlines()[0] == f"{last} {fill}"


def test_compile_errors_name_the_users_line(tmp_path):
    src = tmp_path / "solution.cu"
    src.write_text(
        "#include <cuda_runtime.h>\n__global__ void k(float* x) {\n  x[0] = undefined_name;\n}\n"
    )
    result = build(src, tmp_path / "out")
    assert not result.ok
    assert "solution.cu:3:" in result.log and "undefined_name" in result.log
    assert str(tmp_path) not in result.log


def test_unsupported_construct_is_refused_before_compiling(tmp_path):
    src = tmp_path / "solution.cu"
    src.write_text('__global__ void k(int* x) {\n  asm volatile("trap;");\n}\n')
    result = build(src, tmp_path / "out")
    assert not result.ok and result.so_path is None
    assert result.log.startswith("solution.cu:2: Inline PTX assembly (asm) is not supported")


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++")
def test_a_second_build_of_the_same_source_is_a_cache_hit(tmp_path, library):
    result = build(PROGRAM, tmp_path)
    assert result.ok and result.cached


def test_stack_overflow_is_reported_not_silent(library):
    out = run_alone(library, "lib.fail_stack(buf)")
    assert out.startswith("719 unspecified launch failure: kernel deep")
    assert "stack overflow of block (0,0,0), thread (0,0,0)" in out


def test_threads_that_returned_count_as_arrived_and_activemask_is_who_meets(lib):
    n = 40
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, np.float32)
    masks = np.zeros(128, np.uint32)
    lib.run_early_exit(ptr(x), ptr(y), ptr(masks), ctypes.c_int(n))
    assert last_error(lib) == (0, "")
    assert np.array_equal(y[:n], np.roll(x[:n], -1))
    assert set(masks[[0, 5, 9, 32, 41]]) == {0x3FF}
    # warp 0: lanes 20-31 are all live and meet; warp 1: only lanes 32-39 are live (t < 40)
    assert set(masks[64 + np.arange(20, 32)]) == {0xFFF00000}


def test_a_lost_update_on_global_memory_is_an_error_naming_both_threads(library):
    out = run_alone(library, "lib.fail_global_sum(buf)")
    assert out.startswith("719 unspecified launch failure: kernel global_sum"), out
    # every thread of both blocks races; the emulator's workers run the blocks at once, so which
    # pair is reported first depends on the scheduling: any two distinct threads of the launch
    pair = r"thread (\d+) of block ([01]) and thread (\d+) of block ([01]) "
    named = re.search(r"a lost update .*: " + pair, out)
    assert named, out
    assert named.group(1, 2) != named.group(3, 4), out
    assert all(int(t) < 32 for t in named.group(1, 3)), out


def test_a_lost_update_on_shared_memory_between_two_barriers_is_an_error(library):
    out = run_alone(library, "lib.fail_shared_sum(buf)")
    assert out.startswith("719 unspecified launch failure: kernel shared_sum"), out
    assert "a lost update" in out, out


def test_flags_ordered_updates_own_elements_and_atomics_are_not_lost_updates(library):
    call = "flag = (ctypes.c_int * 1)(0)\nlib.run_ordered_updates(buf, flag)\n"
    out = run_alone(library, call + "print(buf[40], buf[41])")
    assert out.splitlines() == ["33.0 6.0", "0"], out


def test_the_lost_update_check_can_be_turned_off(library):
    out = run_alone(library, "lib.fail_global_sum(buf)", {"KJ_EMU_RACE": "0"})
    assert out == "0", out


def test_blocks_reusing_a_workers_shared_memory_are_not_lost_updates(library):
    call = "out = (ctypes.c_float * 16)()\nlib.run_block_sums(buf, out)\nprint(list(out))"
    for threads in ("1", "2"):
        out = run_alone(library, call, {"KJ_EMU_THREADS": threads})
        assert out.splitlines() == [str([128.0] * 16), "0"], out
