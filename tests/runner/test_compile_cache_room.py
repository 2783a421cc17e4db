"""A language that compiles and caches kernels inside the child (its plug-in's
``compiles_in_child``) gets room for its cache files under the sandbox's file-size limit
(runner/supervisor/judgement.py, CHILD_COMPILE_FILE_BYTES), while an output flood is still
stopped."""

from __future__ import annotations

import textwrap

import pytest

from runner import judge
from runner.supervisor.judgement import CHILD_COMPILE_FILE_BYTES, OUTPUT_HARD_FACTOR
from runner.supervisor.language import every

from .helpers import job

# the size of a large Triton cache file (an autotuned attention kernel's IR or cubin)
CACHE_FILE_MB = 24

TRITON_WRITES_ITS_CACHE = textwrap.dedent(
    f"""
    import os

    import torch
    import triton
    import triton.language as tl

    _written = []


    @triton.jit
    def add_kernel(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(c_ptr + offs, tl.load(a_ptr + offs, mask=mask) + tl.load(b_ptr + offs, mask=mask), mask=mask)


    def solve(A, B, C, N):
        if not _written:  # what Triton's cache holds for a large kernel
            cache = os.environ["TRITON_CACHE_DIR"]
            os.makedirs(cache, exist_ok=True)
            with open(os.path.join(cache, "kernel.llir"), "wb") as f:
                f.write(b"x" * ({CACHE_FILE_MB} << 20))
            _written.append(1)
        add_kernel[(triton.cdiv(N, 1024),)](A, B, C, N, BLOCK=1024)
    """
)


def test_compiling_languages_get_room_beyond_the_output_limit():
    from runner.contract import Limits

    output_cap = Limits().output_bytes * OUTPUT_HARD_FACTOR
    assert CACHE_FILE_MB << 20 > output_cap  # the file this test writes needs the room
    assert CHILD_COMPILE_FILE_BYTES >= CACHE_FILE_MB << 20
    compiling = {language.name for language in every() if language.compiles_in_child}
    assert {"triton", "pytorch", "cupy", "tilelang", "cutile"} <= compiling


def test_triton_solution_writing_a_large_cache_file_is_accepted():
    r = judge(job(TRITON_WRITES_ITS_CACHE, language="triton", mode="run"))
    assert r.verdict == "accepted", (r.message, r.details, r.stderr[-500:])


@pytest.mark.parametrize("language", ["pytorch", "triton"])
def test_a_file_beyond_the_compile_room_is_still_an_output_limit(language):
    flood = textwrap.dedent(
        f"""
        def solve(A, B, C, N):
            with open("flood.bin", "wb") as f:
                block = b"\\0" * (1 << 24)
                for _ in range({(CHILD_COMPILE_FILE_BYTES >> 24) + 4}):
                    f.write(block)
        """
    )
    r = judge(job(flood, language=language, mode="run"))
    assert r.verdict in ("output_limit_exceeded", "runtime_error"), (r.verdict, r.message)
    assert "File too large" in (r.message + r.details) or r.verdict == "output_limit_exceeded"


AUTOTUNED_TRITON = textwrap.dedent(
    """
    import torch
    import triton
    import triton.language as tl


    @triton.autotune(
        configs=[
            triton.Config({"BLOCK": b, "UNROLL": u}, num_warps=w)
            for b in (256, 1024, 4096)
            for u in (8, 32)
            for w in (4, 8)
        ],
        key=["n"],
    )
    @triton.jit
    def add_kernel(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr, UNROLL: tl.constexpr):
        base = tl.program_id(0) * BLOCK * UNROLL
        for u in tl.static_range(UNROLL):  # unrolled: a large kernel, large cache files
            offs = base + u * BLOCK + tl.arange(0, BLOCK)
            mask = offs < n
            a = tl.load(a_ptr + offs, mask=mask)
            b = tl.load(b_ptr + offs, mask=mask)
            tl.store(c_ptr + offs, a + b, mask=mask)


    def solve(A, B, C, N):
        grid = lambda meta: (triton.cdiv(N, meta["BLOCK"] * meta["UNROLL"]),)
        add_kernel[grid](A, B, C, N)
    """
)


@pytest.mark.gpu
def test_autotuned_triton_kernel_caches_and_is_judged_on_the_gpu():
    from .helpers import cuda_available, gpu_arch

    if not cuda_available():
        pytest.skip("needs a GPU")
    r = judge(job(AUTOTUNED_TRITON, language="triton", device="cuda", arch=gpu_arch()))
    assert r.verdict == "accepted", (r.message, r.details, r.stderr[-500:])
    r = judge(job(TRITON_WRITES_ITS_CACHE, language="triton", device="cuda", mode="run"))
    assert r.verdict == "accepted", (r.message, r.details, r.stderr[-500:])
