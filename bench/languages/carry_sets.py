"""What each not-yet-offered language needs on a GPU box without internet, and what of it can
stay behind: the pinned wheels, and the files removed from their installed tree, each rule
with the reason it is safe.

The box (see docs/languages/README.md) already has torch 2.11 (cu130), numpy, ml-dtypes,
typing-extensions, cuda-bindings, cuda-pathfinder, protobuf, psutil, tqdm, cloudpickle, click,
pathspec, mypy-extensions and a CUDA 13.0 toolkit under /usr/local/cuda, so none of those travel.

A rule is ``(glob, reason)``; the glob is matched (``fnmatch``, ``*`` crosses ``/``) against the
file's path relative to the installed tree, as pip would lay it out (a wheel's
``*.data/purelib`` and ``*.data/platlib`` merged into the root, ``*.data/data`` under
``_prefix/``, ``*.data/scripts`` under ``_prefix/bin/``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CarrySet:
    language: str
    wheels: tuple[tuple[str, str], ...]  # (distribution name, exact version)
    remove: tuple[tuple[str, str], ...] = ()
    keep: tuple[str, ...] = ()  # globs no removal rule may delete
    strip: bool = True  # strip --strip-unneeded ELF files that still carry a symbol table
    not_carried: tuple[str, ...] = field(default=())  # dependencies left out, and why


CUTE_DSL = CarrySet(
    language="cute",
    wheels=(
        ("nvidia-cutlass-dsl", "4.8.1"),
        ("nvidia-cutlass-dsl-libs-base", "4.8.1"),
        ("nvidia-cutlass-dsl-libs-core", "4.8.1"),
        ("nvidia-cutlass-dsl-libs-cu13", "4.8.1"),
    ),
    remove=(
        (
            "nvidia_cutlass_dsl/cu13/lib/stubs/*",
            "empty-bodied libcute_dsl_runtime.so copies for aarch64 Linux and QNX, used only "
            "to link ahead-of-time exported kernels for those machines "
            "(cutlass/cute/export/aot_config.py)",
        ),
        (
            "nvidia_cutlass_dsl/dsl_packages/iket/*",
            "IKET (in-kernel event tracing), a profiler: its libraries, CLI and headers are "
            "used only when the compiler option enable-iket is set or "
            "cute.experimental.iket is used; cutlass/cute/experimental/__init__.py imports "
            "it inside try/except ImportError and puts a stub in its place",
        ),
    ),
    not_carried=(
        "nvidia-cutlass-dsl-libs-cu12: the CUDA 12 flavour; the loader picks the newest "
        "flavour the driver supports and the box's driver is CUDA 13.0",
        "cuda-bindings, typing-extensions, protobuf: on the box (cuda-bindings' version there "
        "is assumed >= 12.8, not read)",
    ),
)

TILELANG = CarrySet(
    language="tilelang",
    wheels=(
        ("tilelang", "0.1.15"),
        ("apache-tvm-ffi", "0.1.12"),
        ("z3-solver", "4.15.4.0"),
        ("torch-c-dlpack-ext", "0.1.5"),
    ),
    remove=(
        (
            "_prefix/bin/z3",
            "z3's command-line solver (installed to <prefix>/bin); the Python API loads "
            "z3/lib/libz3.so through ctypes and never runs it",
        ),
        (
            "z3/include/*",
            "z3's C API headers, for compiling C programs against libz3; the Python API "
            "does not compile anything",
        ),
        (
            "tvm_ffi/3rdparty/libbacktrace/*",
            "the sources of libbacktrace (autoconf scripts, tests, a test text file), "
            "already compiled into libtvm_ffi.so; the headers tvm_ffi compiles against at "
            "run time are tvm_ffi/include and tvm_ffi/3rdparty/dlpack",
        ),
        # tvm_ffi/lib/libtvm_ffi_testing.so stays: tvm_ffi's core extension links against it
        # (on the H200, `import tilelang` without it: "ImportError: libtvm_ffi_testing.so")
        (
            "tilelang/3rdparty/tvm/src/*.cc",
            "TVM's C++ implementation files, already compiled into libtvm_compiler.so and "
            "libtvm_runtime.so; the headers beside them stay. The one Python user of these "
            "sources is tvm.rpc.minrpc (building an RPC server for a remote device), which "
            "a local CUDA JIT does not touch",
        ),
        (
            "tilelang/src/*.cc",
            "TileLang's C++ implementation files, already compiled into libtilelang.so; "
            "the headers (tl_templates, included by generated CUDA) stay",
        ),
    ),
    not_carried=(
        "cloudpickle, psutil, tqdm, numpy, ml-dtypes, typing-extensions, torch: on the box",
    ),
)

MOJO = CarrySet(
    language="mojo",
    wheels=(
        ("mojo", "1.2.0"),
        ("mojo-compiler", "1.2.0"),
        ("mojo-compiler-mojo-libs", "1.2.0"),
        ("max-core", "26.7.0"),
        ("max-mojo-libs", "26.7.0"),
    ),
    remove=(
        (
            "modular/bin/mojo-lsp-server",
            "the language server for editors; `mojo build` and `mojo run` do not start it",
        ),
        (
            "modular/bin/mojo-lldb",
            "the debugger front end (its lldb libraries are a separate wheel, not carried)",
        ),
        ("modular/bin/lldb-*", "debugger helpers (lldb-server, lldb-dap, lldb-argdumper)"),
        ("modular/lib/lldb-visualizers/*", "debugger pretty-printers, loaded only by lldb"),
        (
            "modular/lib/mojo-repl-entry-point",
            "the entry point of the interactive REPL (`mojo` with no file), run under lldb",
        ),
        (
            "modular/bin/llvm-symbolizer",
            "turns addresses into names in crash backtraces; a crash still prints addresses",
        ),
        (
            "modular/bin/gpu-query",
            "a command that prints the GPU's properties (the `gpu-query` console script); no "
            "other file of the install names it (searched), and the build is given "
            "--target-accelerator; measured: the sm_90 shared-library build succeeds without it",
        ),
        (
            "modular/bin/modular-crashpad-handler",
            "the crash-report handler; without it mojo prints 'Failed to initialize Crashpad. "
            "Crash reporting will not be available' and builds as before (measured)",
        ),
        (
            "modular/bin/lld",
            "LLVM's linker; `mojo build` links host code through the system C compiler: "
            "measured here, a `--emit shared-lib` build for sm_90 succeeded with lld deleted, "
            "and with no C compiler on PATH it failed with 'unable to find suitable c "
            "compiler for linking' (the box has gcc for nvcc)",
        ),
        (
            "modular/lib/nixl/*",
            "NIXL transfer plugins (UCX, libfabric, UCCL) that MAX's serving stack dlopens to "
            "move KV caches between machines; libnixl.so itself stays (libmax.so needs it)",
        ),
        (
            "modular/lib/libjemalloc_preload.so",
            "an LD_PRELOAD allocator for MAX's serving processes; nothing links it",
        ),
        ("max/include/*", "MAX's C API headers, for C programs embedding MAX"),
        (
            "modular/lib/mojo/*.mojoc",
            "MAX's model-kernel packages (nn, linalg, kv_cache, comm, ...) and its Mojo "
            "bindings of vendor libraries (cuBLAS, cuDNN, cuFFT, rocBLAS, ...); the packages "
            "kept (std, max, layout) do not import them: measured, a kernel importing "
            "max.gpu and layout compiles with only those three",
        ),
    ),
    keep=(
        "modular/lib/mojo/std.mojoc",
        "modular/lib/mojo/max.mojoc",
        "modular/lib/mojo/layout.mojoc",
    ),
    not_carried=(
        "mojo-lldb-libs: debugger libraries (90 MiB), a dependency of the mojo wheel only "
        "for `mojo debug` and the REPL",
        "mblack, click, pathspec, platformdirs, mypy-extensions: the `mojo format` formatter",
        "max-shmem-libs: a dependency of max-core for NVSHMEM multi-GPU communication",
    ),
)

CUTILE = CarrySet(
    language="cutile",
    wheels=(
        ("cuda-tile", "1.7.0"),
        ("nvidia-cuda-tileiras", "13.4.92"),
        ("nvidia-nvvm", "13.4.92"),
        ("nvidia-cuda-nvcc", "13.4.92"),
    ),
    remove=(
        (
            "nvidia/cu13/nvvm/bin/cicc",
            "the CUDA C++ front end of nvcc; tileiras loads libnvvm.so.4 and never runs cicc",
        ),
        (
            "nvidia/cu13/bin/tileirdisasm",
            "the Tile IR disassembler, used only when a text dump of the bytecode is asked for",
        ),
        *(
            (
                f"nvidia/cu13/bin/{name}",
                "nvidia-cuda-nvcc travels for its ptxas alone (tileiras runs the ptxas it finds "
                "first on PATH, and CUDA 13.0's rejects tileiras 13.4's PTX: measured, 'failed "
                "to compile Tile IR program'); nvcc's driver and its other tools never run",
            )
            for name in (
                "nvcc",
                "nvlink",
                "cudafe++",
                "fatbinary",
                "bin2c",
                "__nvcc_device_query",
                "nvcc.profile",
                "crt/*",
            )
        ),
        (
            "nvidia/cu13/include/fatbinary_section.h",
            "a header of nvcc's fat binaries; nothing compiles C++ against it here",
        ),
    ),
    not_carried=(
        "nvidia-nvjitlink 13.4, nvidia-cuda-runtime 13.4, nvidia-cuda-crt (the rest of "
        "cuda-toolkit[nvcc,nvvm,tileiras]): tileiras dlopens libnvvm and runs ptxas; nothing "
        "else of the toolkit runs (a kernel's launch goes through the driver)",
    ),
)

CARRY_SETS = {s.language: s for s in (CUTE_DSL, TILELANG, MOJO, CUTILE)}
