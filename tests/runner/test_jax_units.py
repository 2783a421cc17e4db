"""The JAX child's pieces without a sandbox: the call convention on arena-like tensors, the
checks of what ``solve`` returns, and the mapping of JAX's errors to the user's line."""

from __future__ import annotations

import importlib.util
import textwrap

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="needs jax")

if importlib.util.find_spec("jax") is not None:
    import jax
    import jax.numpy as jnp
    import torch

    from runner.child import jax_solution as js

PARAMS = [
    {"name": "A", "dtype": "f32", "role": "in", "py_layout": "shaped"},
    {"name": "X", "dtype": "f32", "role": "inout", "py_layout": "flat"},
    {"name": "C", "dtype": "f32", "role": "out", "py_layout": "shaped"},
    {"name": "D", "dtype": "i32", "role": "out", "py_layout": "shaped"},
    {"name": "N", "dtype": "int", "role": "scalar", "py_layout": "shaped"},
]


def arena_tensors() -> dict:
    """Views of one 256-byte aligned buffer, as the arena hands them out."""
    raw = torch.zeros(4096, dtype=torch.uint8)
    base = (-raw.data_ptr()) % 256
    view = raw[base : base + 2048]
    return {
        "A": view[0:16].view(torch.float32).reshape(4),
        "X": view[256:288].view(torch.float32).reshape(2, 4),
        "C": view[512:528].view(torch.float32).reshape(4),
        "D": view[768:784].view(torch.int32).reshape(4),
    }


def test_call_passes_inputs_and_scalars_and_leaves_outputs_out():
    tensors = arena_tensors()
    call = js.Call(PARAMS, tensors, {"N": 4})
    assert [type(a).__name__ for a in call.args] == ["ArrayImpl", "ArrayImpl", "int"]
    assert call.args[1].shape == (8,)  # flat layout: 1-D
    assert [name for name, _ in call.outputs] == ["X", "C", "D"]
    assert call.signature == "solve(A, X, N) -> (X, C, D)"


def test_inputs_are_views_that_see_later_writes():
    tensors = arena_tensors()
    call = js.Call(PARAMS, tensors, {"N": 4})
    tensors["A"].copy_(torch.tensor([1.0, 2.0, 3.0, 4.0]))  # the supervisor's next inputs
    assert call.args[0].tolist() == [1.0, 2.0, 3.0, 4.0]


def test_aligned_inputs_are_viewed_not_copied():
    call = js.Call(PARAMS, arena_tensors(), {"N": 4})
    assert call.copied == []


def test_an_input_jax_cannot_view_is_copied_again_before_every_call():
    raw = torch.zeros(64, dtype=torch.uint8)
    skew = 4 + (-raw.data_ptr()) % 64  # 4 bytes past a 64-byte boundary: XLA copies it
    tensors = arena_tensors()
    tensors["A"] = raw[skew : skew + 16].view(torch.float32)
    call = js.Call(PARAMS, tensors, {"N": 4})
    assert [index for index, _ in call.copied] == [0]
    tensors["A"].copy_(torch.tensor([5.0, 6.0, 7.0, 8.0]))  # the next call's inputs
    assert call.args[0].tolist() == [0.0] * 4  # the stale copy
    call.refresh()
    assert call.args[0].tolist() == [5.0, 6.0, 7.0, 8.0]


def test_results_are_written_into_the_outputs_in_order():
    tensors = arena_tensors()
    call = js.Call(PARAMS, tensors, {"N": 4})
    items = call.results(
        (jnp.arange(8, dtype=jnp.float32), jnp.full((2, 2), 7.0), jnp.arange(4, dtype=jnp.int32))
    )
    call.write(items)
    assert tensors["X"].reshape(-1).tolist() == [float(i) for i in range(8)]
    assert tensors["C"].tolist() == [7.0] * 4  # same element count, any shape
    assert tensors["D"].tolist() == [0, 1, 2, 3]


def test_a_narrower_float_is_cast_but_a_float_for_an_integer_output_is_refused():
    t = torch.zeros(4, dtype=torch.float16)
    (item,) = js.check_results(jnp.ones(4, dtype=jnp.float32), [("C", t)], "solve() -> C")
    js.write_outputs([torch.from_dlpack(item)], [("C", t)])
    assert t.tolist() == [1.0] * 4
    with pytest.raises(js.SolveResultError, match=r"output D: solve returned float32 for an"):
        js.check_results(jnp.ones(4), [("D", torch.zeros(4, dtype=torch.int32))], "s")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, r"solve returned None: a JAX solution returns its output"),
        ((1, 2), r"solve returned 2 value\(s\); this problem has 1 output\(s\)"),
        ([1.0, 2.0, 3.0, 4.0], r"solve returned 4 value\(s\)"),
        (3.0, r"output C: solve returned a float, not a jax.Array"),
    ],
)
def test_results_that_do_not_fit_are_explained(value, message):
    with pytest.raises(js.SolveResultError, match=message):
        js.check_results(value, [("C", torch.zeros(4))], "solve(A, N) -> C")


def test_a_tracer_is_not_an_array_result():
    leaked = []

    @jax.jit
    def f(x):
        leaked.append(x)
        return x

    f(jnp.ones(4))
    with pytest.raises(js.SolveResultError, match="not a jax.Array"):
        js.check_results(leaked[0], [("C", torch.zeros(4))], "s")


def _raise_from_user_file(tmp_path, body: str, call: str) -> BaseException:
    path = tmp_path / "solution.py"
    path.write_text(textwrap.dedent(body).lstrip())
    spec = importlib.util.spec_from_file_location("solution_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    try:
        eval(call, {"m": module, "jnp": jnp})  # noqa: S307 - a fixed test expression
    except Exception as exc:  # noqa: BLE001
        return exc
    raise AssertionError("the solution did not raise")


def test_traced_size_maps_to_the_users_line_and_a_static_argnames_hint(tmp_path):
    exc = _raise_from_user_file(
        tmp_path,
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def solve(A, N):
            return A + jnp.zeros((N,))
        """,
        "m.solve(jnp.ones(3), 3)",
    )
    reply = js.error_reply(exc, "in solve", "exception")
    tb = reply["traceback"]
    assert 'solution.py", line 6, in solve' in tb
    assert "/jax/_src/" not in tb and "JAX has removed its internal frames" not in tb
    assert tb.strip().splitlines()[-1].startswith("Hint: under jax.jit the scalar arguments")
    assert reply["error"].startswith("TypeError: Shapes must be 1D sequences")
    assert "static_argnames" in reply["error"]


def test_python_control_flow_on_a_tracer_gets_the_same_hint(tmp_path):
    exc = _raise_from_user_file(
        tmp_path,
        """
        import jax

        @jax.jit
        def solve(A, N):
            if N > 2:
                return A
            return -A
        """,
        "m.solve(jnp.ones(3), 3)",
    )
    assert isinstance(exc, jax.errors.TracerBoolConversionError)
    reply = js.error_reply(exc, "in solve", "exception")
    assert 'solution.py", line 5, in solve' in reply["traceback"]
    assert "static_argnames" in reply["error"]


def test_numpy_on_a_tracer_gets_the_jax_numpy_hint(tmp_path):
    exc = _raise_from_user_file(
        tmp_path,
        """
        import jax
        import numpy as np

        @jax.jit
        def solve(A, N):
            return np.exp(A)
        """,
        "m.solve(jnp.ones(3), 3)",
    )
    reply = js.error_reply(exc, "in solve", "exception")
    assert "use jax.numpy" in reply["error"]
    assert 'solution.py", line 6, in solve' in reply["traceback"]


def test_shape_mismatch_gets_the_flat_layout_hint(tmp_path):
    exc = _raise_from_user_file(
        tmp_path,
        """
        import jax

        @jax.jit
        def solve(A, B):
            return A + B
        """,
        "m.solve(jnp.ones(6), jnp.ones((2, 3)))",
    )
    reply = js.error_reply(exc, "in solve", "exception")
    assert reply["error"].startswith("ValueError: Incompatible shapes for broadcasting")
    assert "flat inputs arrive 1-D" in reply["error"]
    assert 'solution.py", line 5, in solve' in reply["traceback"]


def test_plain_python_errors_keep_their_message_without_a_hint(tmp_path):
    exc = _raise_from_user_file(
        tmp_path,
        """
        def solve(A, N):
            return A / undefined_name
        """,
        "m.solve(jnp.ones(3), 3)",
    )
    reply = js.error_reply(exc, "in solve", "exception")
    assert reply["error"] == "NameError: name 'undefined_name' is not defined"
    assert reply["traceback"].strip().splitlines()[-1].startswith("NameError")


def test_boot_refuses_a_backend_that_is_not_the_jobs_device():
    assert js.boot("cpu") == "cpu"
    with pytest.raises(RuntimeError, match="JAX runs on 'cpu'"):
        js.boot("cuda")
