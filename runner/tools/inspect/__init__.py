"""See inside a CUDA solution: PTX, SASS with source lines, resource usage and theoretical
occupancy of each kernel, without a GPU.

The source is compiled exactly as for judging (runner.supervisor.compile.compile_cuda: nvcc in the
sandbox, with -lineinfo, the same flags, limits and cache). The binary is then taken apart
by NVIDIA's tools in one more sandboxed run (no network, read-only root, only the job's tool
directory writable, wall-clock limit):

- ``cuobjdump -xelf all`` / ``-xptx all``: the cubin and the PTX embedded in the binary;
- ``nvdisasm -g -c``: SASS of each kernel, with the source line that -lineinfo gives each
  instruction; a kernel nvdisasm could not show falls back to ``cuobjdump -sass`` (no lines);
- ``cuobjdump -res-usage``: registers, stack, shared, local and constant memory per kernel;
- ``ptxas -v`` on the embedded PTX (the same ptxas and options nvcc used): the spill stores
  and loads, and the barriers (this is what ``-Xptxas -v`` prints during the compile);
- ``c++filt``: readable kernel names.

Triton solutions are compiled by Triton at their first launch, on a GPU host, so their
PTX/SASS cannot be produced here (see docs/profiling.md).

Usage: ``inspect_source(source, arch="sm_90")`` -> a JSON-ready dict; the command line is
``python -m runner inspect PROBLEM_DIR SOURCE --language cuda [--arch sm_90] [--json]``.

``tools`` finds NVIDIA's tools and runs them in the sandbox, ``parse`` reads what they print,
``report`` compiles and assembles the JSON report (its ``schema`` is ``SCHEMA_VERSION``),
``cli`` is the command line and its text rendering.
"""

from .cli import main, render_text
from .parse import (
    group_by_source_line,
    parse_cuobjdump_sass,
    parse_nvdisasm,
    parse_ptxas_verbose,
    parse_res_usage,
    ptx_launch_bounds,
    short_name,
    split_ptx_entries,
)
from .report import DEFAULT_ARCH, SCHEMA_VERSION, inspect_source
from .tools import find_tool, nvcc_path

__all__ = [
    "DEFAULT_ARCH",
    "SCHEMA_VERSION",
    "find_tool",
    "group_by_source_line",
    "inspect_source",
    "main",
    "nvcc_path",
    "parse_cuobjdump_sass",
    "parse_nvdisasm",
    "parse_ptxas_verbose",
    "parse_res_usage",
    "ptx_launch_bounds",
    "render_text",
    "short_name",
    "split_ptx_entries",
]
