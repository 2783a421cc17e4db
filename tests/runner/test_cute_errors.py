"""The mapping of CuTe DSL's errors to the user's line, without the package: the exception
texts below were recorded from nvidia-cutlass-dsl 4.8.1 (``cute.compile`` for sm_90 on a
machine without a GPU), and the exceptions are rebuilt with the DSL's class names and with
frames in a solution file and in the DSL's own files."""

from __future__ import annotations

from runner.child import cute_errors as ce
from runner.supervisor.outcome import child_error_verdict

SOLUTION = "/jobs/j1/solution.py"
DSL = "/site/nvidia_cutlass_dsl/dsl_packages/cutlass/base_dsl/dsl.py"

NAME_ERROR_TEXT = (
    "\n\x1b[91m\x1b[1merror:\x1b[0m NameError in `solve`: name 'undefined_thing' is not defined\n"
    f"  \x1b[94m-->\x1b[0m {SOLUTION}:10\n"
    "   |\n"
    " 9 |     if i < n:\n"
    "10 |         c[i] = a[i] + undefined_thing[i]\n"
    "   |         \x1b[91m^\x1b[0m\n"
    "  \x1b[94m= note:\x1b[0m Caused exception: name 'undefined_thing' is not defined\n"
    "  \x1b[92msuggestion:\x1b[0m Variables used inside staged control flow (for/if/while) "
    "must be defined before the\n"
    "              control flow region.\n"
)
EARLY_EXIT_TEXT = (
    "\n\x1b[91m\x1b[1merror[UNSUP_EARLY_EXIT]:\x1b[0m Early exit (return) is not allowed in "
    "`solve`. A staged for/while/if runs as a whole, so it cannot return/break/continue out "
    "early.\n"
    f" \x1b[94m-->\x1b[0m {SOLUTION}:9:13\n"
    "  |\n"
    "9 |             return\n"
    "  |             \x1b[91m^^^^^^\x1b[0m\n"
)
IR_VERIFY_TEXT = (
    "\n\x1b[91m\x1b[1merror[INTERNAL]:\x1b[0m The compiler could not build valid IR for this code.\n"
    "  \x1b[91merror:\x1b[0m IR verification failed: error: unknown: 'cute.memref.store' op "
    "expects coordinate to be\n"
    "         weakly congruent to the layout, but got '!cute.coord<\"(?,3)\">'\n"
    "  \x1b[92msuggestion:\x1b[0m Check the source location above for invalid primitive "
    "arguments, types, or address\n"
    "  \x1b[92msuggestion:\x1b[0m Re-run with CUTE_DSL_SHOW_STACKTRACE=1 to include the full "
    "technical detail.\n"
)
MISSING_JIT_TEXT = (
    "\n\x1b[91m\x1b[1merror[CALL_MISSING_JIT_DECORATOR]:\x1b[0m Function must be decorated "
    "with @cute.jit before passing it to cute.compile().\n"
    "  \x1b[94m-->\x1b[0m /work/runner/child/cute_solution.py:171:9\n"
    "  \x1b[92msuggestion:\x1b[0m Add @cute.jit decorator to the function definition.\n"
)


def dsl_class(name: str) -> type:
    base = type("DSLBaseError", (Exception,), {"__module__": "cutlass.base_dsl.common"})
    return type(name, (base,), {"__module__": "cutlass.base_dsl.common"})


def raised_in(path: str, line: int, exc: BaseException) -> BaseException:
    """``exc`` raised from line ``line`` of a file named ``path`` (a real traceback frame)."""
    code = "\n" * (line - 1) + "raise exc\n"
    try:
        exec(compile(code, path, "exec"), {"exc": exc})  # noqa: S102
    except BaseException as caught:  # noqa: BLE001
        return caught
    raise AssertionError("not raised")


def dsl_error(name: str, text: str, cause: BaseException | None = None) -> BaseException:
    exc = dsl_class(name)(text)
    exc.__cause__ = cause
    return raised_in(DSL, 1899, exc)


def test_colours_are_stripped():
    assert ce.strip_ansi("\x1b[91m\x1b[1merror:\x1b[0m x") == "error: x"


def test_dsl_errors_are_recognised_by_class_name():
    assert ce.is_dsl_error(dsl_class("DSLUserCodeError")("x"))
    assert not ce.is_dsl_error(NameError("x"))


def test_name_error_points_at_the_users_line():
    cause = raised_in(SOLUTION, 10, NameError("name 'undefined_thing' is not defined"))
    exc = dsl_error("DSLUserCodeError", NAME_ERROR_TEXT, cause)
    assert ce.location(exc, SOLUTION) == (SOLUTION, 10)
    assert ce.summary(exc, SOLUTION) == (
        "CuTe DSL compile error: solution.py:10: NameError in `solve`: "
        "name 'undefined_thing' is not defined"
    )


def test_early_exit_location_with_a_column():
    exc = dsl_error("DSLUserCodeError", EARLY_EXIT_TEXT)
    assert ce.location(exc, SOLUTION) == (SOLUTION, 9)
    assert ce.headline(exc).startswith("Early exit (return) is not allowed in `solve`.")


def test_ir_verification_joins_the_wrapped_line_and_has_a_hint():
    exc = dsl_error("DSLRuntimeError", IR_VERIFY_TEXT)
    assert ce.headline(exc) == (
        "IR verification failed: 'cute.memref.store' op expects coordinate to be weakly "
        "congruent to the layout, but got '!cute.coord<\"(?,3)\">'"
    )
    assert ce.location(exc, SOLUTION) is None  # the DSL gave none and no user frame raised it
    assert "more or fewer modes" in ce.hint(exc)


def test_a_location_inside_the_harness_is_not_the_users_line():
    exc = dsl_error("DSLUserCodeError", MISSING_JIT_TEXT)
    assert ce.location(exc, SOLUTION) is None
    assert ce.hint(exc) == "Hint: decorate solve with @cute.jit (kernels with @cute.kernel)."


def test_without_the_file_name_any_frame_outside_the_dsl_counts():
    exc = raised_in(SOLUTION, 7, TypeError("x"))
    assert ce.user_frames(exc)[-1][:2] == (SOLUTION, 7)


def test_plain_python_error_while_tracing_uses_the_innermost_user_frame():
    exc = raised_in(SOLUTION, 7, TypeError("unsupported operand type(s)"))
    assert ce.location(exc, SOLUTION) == (SOLUTION, 7)
    assert ce.summary(exc, SOLUTION) == (
        "CuTe DSL compile error: solution.py:7: TypeError: unsupported operand type(s)"
    )


def test_traceback_keeps_user_frames_and_drops_the_dsls_and_colours():
    cause = raised_in(SOLUTION, 10, NameError("name 'undefined_thing' is not defined"))
    text = ce.user_traceback(dsl_error("DSLUserCodeError", NAME_ERROR_TEXT, cause))
    assert f'File "{SOLUTION}", line 10' in text
    assert "dsl_packages" not in text
    assert "\x1b[" not in text
    assert "--> /jobs/j1/solution.py:10" in text


def test_compile_error_reply_becomes_a_compile_error_verdict_naming_the_line():
    cause = raised_in(SOLUTION, 10, NameError("name 'undefined_thing' is not defined"))
    reply = ce.compile_error_reply(dsl_error("DSLUserCodeError", NAME_ERROR_TEXT, cause), SOLUTION)
    assert reply["kind"] == "compile_error"
    verdict = child_error_verdict(reply, "in test 'example'")
    assert verdict.verdict == "compile_error"
    assert verdict.message.startswith("CuTe DSL compile error: solution.py:10: NameError")
    assert "c[i] = a[i] + undefined_thing[i]" in verdict.extra["compile_log"]


def test_run_error_reply_is_one_line_without_colours():
    exc = RuntimeError("\x1b[91mCUDA_ERROR_ILLEGAL_ADDRESS\x1b[0m\nmore")
    reply = ce.run_error_reply(exc, "in solve", "cuda")
    assert reply["error"] == "RuntimeError: CUDA_ERROR_ILLEGAL_ADDRESS"
    assert reply["kind"] == "cuda"
