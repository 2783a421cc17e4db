"""Records cuTile compile errors as runner.child.cutile_errors.record() sees them, for
tests/runner/test_cutile_units.py: each bad kernel is compiled for sm_90 through
cuda.tile.compilation.export_kernel, the compile path a launch takes, so no GPU is needed.

    PYTHONPATH=.:<folder with cuda-tile> PATH=<folder with tileiras and ptxas 13.4>:$PATH \
        python tests/runner/data/cutile_errors/record.py tests/runner/data/cutile_errors [CASE...]
"""

import importlib.util
import json
import sys
import tempfile
import textwrap
from pathlib import Path

from runner.child import cutile_errors

HEAD = """import io
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature, export_kernel

ARR = ArrayConstraint(dtype=ct.float32, ndim=1, index_dtype=ct.int32, stride_lower_bound_incl=0,
                      alias_groups=(), may_alias_internally=False)
"""
TAIL = """

def solve(A, B, C, N):
    sig = KernelSignature([ARR, ARR, ARR, 1024], CallingConvention.cutile_python_v1())
    export_kernel(kernel, [sig], io.BytesIO(), gpu_code="sm_90", output_format="cubin")
"""
CASES = {
    "rank_mismatch": """
@ct.kernel
def kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(tile,))
    y = ct.load(b, index=(pid, 0), shape=(tile,))
    ct.store(c, index=(pid,), tile=x + y)
""",
    "undefined_name": """
@ct.kernel
def kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(tile,))
    ct.store(c, index=(pid,), tile=x + offset)
""",
    "unsupported_syntax": """
@ct.kernel
def kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    try:
        x = ct.load(a, index=(pid,), shape=(tile,))
    except Exception:
        x = 0
    ct.store(c, index=(pid,), tile=x)
""",
    "shape_not_constant": """
@ct.kernel
def kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    n = a.shape[0]
    x = ct.load(a, index=(pid,), shape=(n,))
    ct.store(c, index=(pid,), tile=x)
""",
    "helper_function": """
def add_tiles(a, b, pid, tile):
    x = ct.load(a, index=(pid,), shape=(tile,))
    y = ct.load(b, index=(pid, pid), shape=(tile,))
    return x + y


@ct.kernel
def kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    ct.store(c, index=(pid,), tile=add_tiles(a, b, pid, tile))
""",
    "shape_not_power_of_two": """
@ct.kernel
def kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(1000,))
    ct.store(c, index=(pid,), tile=x)
""",
    "store_shape_mismatch": """
@ct.kernel
def kernel(a, b, c, tile: ct.Constant[int]):
    pid = ct.bid(0)
    x = ct.load(a, index=(pid,), shape=(tile,))
    ct.store(c, index=(pid,), tile=ct.reshape(x, (tile // 2, 2)))
""",
}


def run(name: str, body: str, out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "solution.py")
        path.write_text(HEAD + textwrap.dedent(body) + TAIL)
        spec = importlib.util.spec_from_file_location("solution", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        try:
            module.solve(None, None, None, 0)
        except Exception as exc:
            rec = cutile_errors.record(exc)
        else:
            raise SystemExit(f"{name}: compiled without an error")
        rec["frames"] = [[f[0].replace(tmp, "/job"), *f[1:]] for f in rec["frames"]]
        for loc in rec["locations"]:
            loc["file"] = loc["file"].replace(tmp, "/job")
        rec["message"] = rec["message"].replace(tmp, "/job")
        case = {"case": name, "source": path.read_text(), "record": rec}
        (out / f"{name}.json").write_text(json.dumps(case, indent=1) + "\n")
        print(
            name,
            rec["type"],
            rec["message"].splitlines()[0][:100],
            [loc["line"] for loc in rec["locations"]],
        )


if __name__ == "__main__":
    out = Path(sys.argv[1])
    names = sys.argv[2:] or list(CASES)
    for name in names:
        run(name, CASES[name], out)
