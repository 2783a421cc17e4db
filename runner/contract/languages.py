"""One record per language: what the rest of the project knows about a language without
loading it. The site's picker and API checks, the starters' file names, the runner's language
guess, which devices judge it and whether the supervisor builds it into a native library all
read these records; a language added here is offered everywhere else. Its code is a plug-in
that the record names (runner/languages/<name>/, docs/languages/README.md).

Torch-free and Django-free: the site, the client's language guess and both sides of the runner
import it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """What is known about a language before anything of it is loaded."""

    # the name in job specs, the API and the database ("cuda")
    name: str
    # what people call it ("CUDA C++")
    title: str
    # the starter's file name in a problem package (problems/catalog/<slug>/starters/)
    starter_file: str
    # the devices that judge it ("cuda": a GPU; "cpu": the CPU device)
    devices: tuple[str, ...]
    # the supervisor builds it into a library whose C function `solve` the child calls with
    # pointers and scalars (runner/child/solution.py)
    native: bool = False
    # file-name endings that name it whatever the file holds ("kernel.cu", "add.jax.py")
    suffixes: tuple[str, ...] = ()
    # text in a Python source that names it (an import); empty: never guessed from the text
    imports: tuple[str, ...] = ()
    # the order in which a Python source's imports are tried (a TileLang or cuTile file imports
    # torch and may import triton too): lower first
    import_rank: int = 100
    # how a line comment starts (a written starter's `problem:` line)
    line_comment: str = "#"
    # on the CPU device it runs through an emulation of its GPU model (CUDA C++: the project's
    # own, docs/languages/cuda.md): verdicts as on a GPU, times that are the emulation's and
    # rank on no board
    emulated_on_cpu: bool = False
    # the Python package of its plug-in, whose `supervisor` module is the trusted side
    # (runner/supervisor/language.py) and whose `child` module the sandboxed child loads
    # (runner/child/language.py); empty: runner.languages.<name> (docs/languages/README.md)
    package: str = ""

    @property
    def plugin(self) -> str:
        """The plug-in's package (``runner.languages.triton``)."""
        return self.package or f"runner.languages.{self.name}"

    def runs_on(self, device: str) -> bool:
        return device in self.devices

    def file_is_solution(self, name: str) -> bool:
        """A catalog solution file of this language, named as its starter ends
        (`correct_tiled.cu`, `wrong_triton.py`)."""
        return name.endswith(self.starter_file.removeprefix("solution"))


GPU = ("cuda",)
GPU_AND_CPU = ("cuda", "cpu")

# The registry, in the order pages list the languages.
RECORDS: dict[str, Language] = {}


def register(language: Language) -> Language:
    """Add a language (a test may add a throw-away one and remove it with ``unregister``)."""
    if language.name in RECORDS:
        raise ValueError(f"language {language.name!r} is already registered")
    RECORDS[language.name] = language
    return language


def unregister(name: str) -> None:
    RECORDS.pop(name, None)


for _record in (
    Language(
        "cuda",
        "CUDA C++",
        "solution.cu",
        GPU_AND_CPU,  # on the CPU through the project's emulation (docs/languages/cuda.md)
        native=True,
        suffixes=(".cu", ".cuh"),
        line_comment="//",
        emulated_on_cpu=True,
    ),
    Language(
        "triton",
        "Triton",
        "solution_triton.py",
        GPU_AND_CPU,  # on the CPU through Triton's interpreter
        imports=("import triton", "from triton", "@triton.jit"),
        import_rank=50,
    ),
    Language("pytorch", "PyTorch", "solution_pytorch.py", GPU_AND_CPU),
    Language(
        "cupy",
        "CuPy",
        "solution_cupy.py",
        GPU,
        imports=("import cupy", "from cupy"),
        import_rank=30,
    ),
    Language(
        "jax",
        "JAX",
        "solution_jax.py",
        GPU_AND_CPU,
        suffixes=(".jax.py",),
        imports=("import jax", "from jax"),
        import_rank=60,
    ),
    Language(
        "cute",
        "CuTe DSL",
        "solution_cute.py",
        GPU,
        suffixes=(".cute.py",),
        imports=("import cutlass", "from cutlass"),
        import_rank=40,
    ),
    Language(
        "tilelang",
        "TileLang",
        "solution_tilelang.py",
        GPU,
        suffixes=(".tilelang.py",),
        imports=("import tilelang", "from tilelang"),
        import_rank=10,
    ),
    Language(
        "cutile",
        "cuTile",
        "solution_cutile.py",
        GPU,
        suffixes=(".cutile.py",),
        imports=("import cuda.tile", "from cuda.tile", "from cuda import tile"),
        import_rank=20,
    ),
    Language("mojo", "Mojo", "solution.mojo", GPU, native=True, suffixes=(".mojo", ".\N{FIRE}")),
):
    register(_record)

# The language a Python source is when neither its name nor its imports say.
DEFAULT_LANGUAGE = "pytorch"


def emulated(name: str, device: str) -> bool:
    """Whether a job of ``name`` on ``device`` runs through an emulation (its times are not a
    GPU's, and no leaderboard ranks them)."""
    record = RECORDS.get(name)
    return device == "cpu" and record is not None and record.emulated_on_cpu


def language(name: str) -> Language:
    """The record of a language; KeyError for an unknown name."""
    return RECORDS[name]


def names(records: Iterable[Language] | None = None) -> tuple[str, ...]:
    return tuple(r.name for r in (RECORDS.values() if records is None else records))


def on_device(device: str) -> tuple[str, ...]:
    """The languages a device judges, in the registry's order."""
    return names(r for r in RECORDS.values() if r.runs_on(device))


def language_of_file(name: str) -> str | None:
    """The language of a solution file by how its name ends, as the starters' names do
    (`correct_tiled.cu`: cuda, `wrong_triton.py`: triton); None when no language's does."""
    for record in RECORDS.values():
        if record.file_is_solution(name):
            return record.name
    return None


def language_of_source(name: str, text: str) -> str:
    """The language of a solution from its file name, else from what it imports (the record
    with the lowest rank among those whose imports appear); PyTorch when neither says."""
    for record in RECORDS.values():
        if any(name.endswith(suffix) for suffix in record.suffixes):
            return record.name
    for record in sorted(RECORDS.values(), key=lambda r: r.import_rank):
        if any(mark in text for mark in record.imports):
            return record.name
    return DEFAULT_LANGUAGE
