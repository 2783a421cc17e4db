"""The library through which a JAX child learns JAX's CUDA stream: built by the supervisor with
the host's C++ compiler and jaxlib's headers, named to GPU children, and a clear error where it
cannot be built. (Reading the stream itself needs a GPU: tests/runner/test_jax_gpu.py.)"""

from __future__ import annotations

import ctypes

import pytest

from runner.child import jax_stream as child_stream
from runner.supervisor import helper_library, jax_stream


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KERNELJUDGE_CACHE", str(tmp_path))
    jax_stream._gpu_child_env.cache_clear()
    yield tmp_path
    jax_stream._gpu_child_env.cache_clear()


def test_the_library_builds_once_and_exports_the_target_and_the_reader(private_cache):
    lib = jax_stream.library()
    assert lib.parent == private_cache / "jax-stream"
    loaded = ctypes.CDLL(str(lib))
    loaded.kj_last_stream.restype = ctypes.c_void_p
    assert loaded.kj_last_stream() is None  # nothing recorded before JAX calls the target
    assert callable(loaded.kj_record_stream)
    mtime = lib.stat().st_mtime_ns
    assert jax_stream.library() == lib
    assert lib.stat().st_mtime_ns == mtime  # found, not rebuilt


def test_gpu_children_get_the_library_and_its_folder_read_only(private_cache):
    env, binds = jax_stream.child_env("cuda")
    assert env[jax_stream.ENV] == str(jax_stream.library())
    assert binds == (jax_stream.library().parent,)
    assert jax_stream.child_env("cpu") == ({}, ())


def test_a_host_without_a_compiler_names_the_reason_to_the_children(private_cache, monkeypatch):
    monkeypatch.setattr(helper_library.shutil, "which", lambda _name: None)
    env, binds = jax_stream.child_env("cuda")
    assert env[jax_stream.ENV] == "error: no compiler (c++, g++, clang++) on the PATH"
    assert binds == ()


def test_the_child_reports_why_it_cannot_time_jax(monkeypatch):
    assert child_stream.ENV == jax_stream.ENV
    monkeypatch.setenv(child_stream.ENV, "error: no compiler (c++, g++, clang++) on the PATH")
    with pytest.raises(RuntimeError, match="cannot time JAX on its GPU: no compiler"):
        child_stream.timing_stream()
    monkeypatch.delenv(child_stream.ENV)
    with pytest.raises(RuntimeError, match="KERNELJUDGE_JAX_STREAM_LIB is not set"):
        child_stream.timing_stream()
