"""The language records (runner/contract/languages.py): every view of the languages the rest of
the project reads comes from them, and a language registered at run time is seen by them."""

from __future__ import annotations

import pytest

from runner.contract import languages, vocabulary
from runner.contract.languages import Language


def test_the_vocabularys_views_are_the_records() -> None:
    assert vocabulary.LANGUAGES == tuple(languages.RECORDS)
    assert vocabulary.STARTER_FILES["cuda"] == "solution.cu"
    assert vocabulary.LANGUAGE_NAMES["cute"] == "CuTe DSL"
    assert set(vocabulary.NATIVE_LANGUAGES) == {"cuda", "mojo"}
    assert set(vocabulary.CPU_LANGUAGES) == {
        r.name for r in languages.RECORDS.values() if "cpu" in r.devices
    }


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("kernel.cu", "", "cuda"),
        ("add.jax.py", "import torch", "jax"),
        ("k.py", "import triton\nimport cupy", "cupy"),
        ("k.py", "import tilelang\nimport triton", "tilelang"),
        ("k.py", "from cuda import tile", "cutile"),
        ("k.py", "import torch", "pytorch"),
        ("k.mojo", "", "mojo"),
    ],
)
def test_a_source_is_recognised_by_its_name_then_its_imports(
    name: str, text: str, expected: str
) -> None:
    assert languages.language_of_source(name, text) == expected


def test_a_registered_language_is_recognised_and_offered_on_its_device() -> None:
    record = Language(
        "toylang", "Toy", "solution_toy.py", ("cpu",), suffixes=(".toy",), imports=("import toy",)
    )
    languages.register(record)
    try:
        assert languages.language_of_source("a.toy", "") == "toylang"
        assert languages.language_of_source("a.py", "import toy") == "toylang"
        assert languages.language_of_file("correct_toy.py") == "toylang"
        assert "toylang" in languages.on_device("cpu")
        assert "toylang" not in languages.on_device("cuda")
        with pytest.raises(ValueError, match="already registered"):
            languages.register(record)
    finally:
        languages.unregister("toylang")
    assert "toylang" not in languages.RECORDS
