"""JAX solutions judged end to end on the CPU device (the sandboxed child, the real catalog):
accepted and wrong for two problems, and the messages of solutions that break the convention."""

from __future__ import annotations

import importlib.util
import textwrap

import pytest

from runner import judge

from .helpers import CATALOG, job

pytestmark = pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="needs jax")


def catalog_source(slug: str, name: str) -> str:
    return (CATALOG / slug / "solutions" / name).read_text()


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip()


def test_vector_add_jax_accepted_with_benchmark():
    r = judge(job(catalog_source("vector-add", "correct_jax.py"), language="jax"))
    assert r.verdict == "accepted", (r.message, r.details)
    assert all(t["passed"] for t in r.tests if not t.get("skipped"))
    case = r.benchmark["cases"][0]
    assert case["runs"] >= 3 and case["median_ms"] > 0
    assert case["sizes"] == {"N": 1_000_000}


def test_vector_add_jax_wrong_tail_is_wrong_answer():
    r = judge(job(catalog_source("vector-add", "wrong_no_tail_jax.py"), language="jax"))
    assert r.verdict == "wrong_answer", (r.message, r.details)
    assert "Test 'example' (N=4): C[0] = 0.0, expected 6.0" in r.message


def test_two_outputs_returned_as_a_tuple_accepted():
    """softmax-cross-entropy-backward has two outputs (loss, dlogits): a tuple in that order."""
    slug = "softmax-cross-entropy-backward"
    r = judge(job(catalog_source(slug, "correct_jax.py"), language="jax", slug=slug, mode="run"))
    assert r.verdict == "accepted", (r.message, r.details)
    assert set(r.tests[0]["output_preview"]) == {"loss", "dlogits"}


def test_two_outputs_wrong_gradient_is_wrong_answer():
    slug = "softmax-cross-entropy-backward"
    r = judge(job(catalog_source(slug, "wrong_no_mean_jax.py"), language="jax", slug=slug))
    assert r.verdict == "wrong_answer", (r.message, r.details)
    assert "dlogits" in r.message


def test_inout_buffer_returned_updated_accepted():
    """color-inversion's image is in-out: solve gets it and returns its new value."""
    slug = "color-inversion"
    r = judge(job(catalog_source(slug, "correct_jax.py"), language="jax", slug=slug, mode="run"))
    assert r.verdict == "accepted", (r.message, r.details)


def test_returning_nothing_says_how_jax_returns_outputs():
    none = src("""
        import jax
        def solve(A, B, N):
            A + B
    """)
    r = judge(job(none, language="jax", mode="run"))
    assert r.verdict == "runtime_error"
    assert "solve returned None" in r.message and "solve(A, B, N) -> C" in r.message


def test_returning_the_wrong_size_names_the_output():
    short = src("""
        import jax
        def solve(A, B, N):
            return (A + B)[:1]
    """)
    r = judge(job(short, language="jax", mode="run"))
    assert r.verdict == "runtime_error"
    assert "output C: solve returned shape (1,) (1 elements); C has shape (4,)" in r.message


def test_returning_a_numpy_array_is_refused():
    host = src("""
        import numpy as np
        def solve(A, B, N):
            return np.asarray(A) + np.asarray(B)
    """)
    r = judge(job(host, language="jax", mode="run"))
    assert r.verdict == "runtime_error"
    assert "output C: solve returned a ndarray, not a jax.Array" in r.message


def test_traced_size_in_a_shape_points_at_the_line_with_a_hint():
    traced = src("""
        import jax
        import jax.numpy as jnp

        @jax.jit
        def solve(A, B, N):
            pad = jnp.zeros((N,))
            return A + B + pad
    """)
    r = judge(job(traced, language="jax", mode="run"))
    assert r.verdict == "runtime_error"
    assert "static_argnames" in r.message
    details = r.details or ""
    assert 'solution.py", line 6, in solve' in details
    assert "JAX has removed its internal frames" not in details
    assert details.strip().splitlines()[-1].startswith("Hint:")


def test_syntax_error_is_a_compile_error_at_the_users_line():
    broken = "import jax\n\n\ndef solve(A, B, N)\n    return A + B\n"
    r = judge(job(broken, language="jax", mode="run"))
    assert r.verdict == "compile_error"
    assert "line 4" in (r.compile_log or "")
