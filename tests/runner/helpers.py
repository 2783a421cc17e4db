"""Shared helpers for the runner tests."""

from __future__ import annotations

from pathlib import Path

from runner.contract import JobSpec, Limits, ProblemSpec

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "problems" / "catalog"
VECTOR_ADD = CATALOG / "vector-add"

# small and fast: the suite must stay quick on a 2-core CI box
FAST = Limits(
    test_timeout_s=60,
    benchmark_budget_s=1.0,
    min_timed_runs=5,
    max_timed_runs=40,
    compile_timeout_s=120,
)


def problem(slug: str = "vector-add") -> ProblemSpec:
    return ProblemSpec.from_dir(CATALOG / slug)


def job(
    source: str,
    language: str = "pytorch",
    mode: str = "submit",
    device: str = "cpu",
    slug: str = "vector-add",
    limits: Limits = FAST,
    seed: int = 1234,
    arch: str = "sm_90",
) -> JobSpec:
    return JobSpec(
        problem=problem(slug),
        source=source,
        language=language,
        mode=mode,
        device=device,
        seed=seed,
        limits=limits,
        arch=arch,
    )


def cuda_available() -> bool:
    try:
        import torch

        return torch.cuda.is_available()
    except Exception:  # noqa: BLE001
        return False


def gpu_arch() -> str:
    """``sm_XY`` of GPU 0."""
    import torch

    p = torch.cuda.get_device_properties(0)
    return f"sm_{p.major}{p.minor}"


def solution_id(path: Path) -> str:
    """``slug/file`` of a catalog solution, as a test id."""
    return f"{path.parent.parent.name}/{path.name}"


def problems_with_correct_and_wrong(solutions: list[Path]) -> set[str]:
    """The problems that have both a correct_* and a wrong_* file among ``solutions``."""
    correct = {p.parent.parent.name for p in solutions if p.name.startswith("correct_")}
    wrong = {p.parent.parent.name for p in solutions if p.name.startswith("wrong_")}
    return correct & wrong


def check_catalog_solution_on_the_gpu(
    path: Path,
    language: str,
    limits: Limits,
    wrong_is_not: tuple[str, ...] = ("accepted", "internal_error", "compile_error"),
) -> None:
    """Judge a catalog solution on device cuda in mode submit: a correct_* one accepted with
    positive benchmark medians, a wrong_* one given none of ``wrong_is_not``."""
    from runner import judge  # noqa: PLC0415 - judging imports torch

    slug = path.parent.parent.name
    r = judge(job(path.read_text(), language, "submit", "cuda", slug, limits, 11, gpu_arch()))
    detail = f"{r.verdict}: {r.message}\n{(r.details or '')[-2000:]}\n{r.compile_log[-2000:]}"
    if path.name.startswith("correct_"):
        assert r.verdict == "accepted", detail
        cases = (r.benchmark or {}).get("cases") or []
        assert cases and all(c["median_ms"] > 0 for c in cases), detail
        clock = [c.get("clock", {}).get("consistent") for c in cases]
        print(
            f"[{solution_id(path)}] score {r.score_ms} ms, events consistent with the clock: {clock}"
        )
    else:
        assert r.verdict not in wrong_is_not, detail


def benchmark_inputs(prob: ProblemSpec, seed: int, scalars: dict | None = None):
    """(reference module, scalars, inputs) of the problem's first benchmark case at the GPU
    size (cpu_scalars dropped), unless ``scalars`` override some sizes; generated on the CPU
    by the judge's own generator."""
    from dataclasses import replace

    from runner.supervisor.inputs import generate_inputs, load_reference

    case = replace(prob.benchmarks[0], cpu_scalars=None)
    if scalars:
        case = replace(case, scalars={**case.scalars, **scalars})
    ref = load_reference(prob)
    ins = generate_inputs(prob, case, seed, "cpu", getattr(ref, "make_inputs", None))
    return ref, dict(case.scalars), ins


def run_reference_f64(prob: ProblemSpec, ref, scalars: dict, inputs: dict) -> dict:
    """The reference on float64 copies of ``inputs``; its outputs by name."""
    import torch

    args = {}
    for p in prob.params:
        if not p.is_tensor:
            args[p.name] = scalars[p.name]
        elif p.is_input:
            args[p.name] = inputs[p.name].to(torch.float64).clone()
        else:
            args[p.name] = torch.zeros(p.shape_for(scalars), dtype=torch.float64)
    with torch.no_grad():
        ref.reference(**args)
    return {p.name: args[p.name] for p in prob.tensor_params if p.is_output}
