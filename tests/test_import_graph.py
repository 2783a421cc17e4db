"""The project's import graph, read with `ast` from the source (nothing is imported): no
circle among the project's own modules (imports inside functions and under `TYPE_CHECKING`
count: a lazy import or a type's import is still a dependency), Django code reaches the runner
only through its contract and its service client, the runner never imports the site, the
runner's trusted and untrusted sides never import each other, and the apps import each other
downwards only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# package name -> its folder
PACKAGES = {
    "accounts": ROOT / "accounts",
    "problems": ROOT / "problems",
    "judge": ROOT / "judge",
    "contests": ROOT / "contests",
    "web": ROOT / "web",
    "config": ROOT / "config",
    "runner": ROOT / "runner",
    "kerneljudge": ROOT / "client" / "kerneljudge",
}
DJANGO_CODE = ("accounts", "problems", "judge", "contests", "web", "config")
RUNNER_DOORS = ("runner.contract", "runner.service.client")
SKIPPED_FOLDERS = {"migrations", "catalog", "node_modules", "static", "templates", "__pycache__"}


def module_files() -> dict[str, Path]:
    """Module name -> file, for every module of the project's packages."""
    found: dict[str, Path] = {}
    for package, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if SKIPPED_FOLDERS.intersection(parts[:-1]):
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


MODULES = module_files()


def _resolve(name: str) -> str | None:
    """The project module an imported dotted name lands in (itself, else its nearest parent
    that is a module); None outside the project."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _absolute(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str) -> set[str]:
    """The project modules `module` imports, anywhere in its file (inside functions and under
    `if TYPE_CHECKING:` too: a type's import is still a dependency)."""
    tree = ast.parse(MODULES[module].read_text(), str(MODULES[module]))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, node)
            # `from pkg import sub` imports the submodule pkg.sub when there is one
            names = [f"{base}.{alias.name}" for alias in node.names] or [base]
            names = [n if _resolve(n) not in (None, _resolve(base)) else base for n in names]
        else:
            continue
        for name in names:
            target = _resolve(name)
            if target is not None and target != module:
                found.add(target)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _in(module: str, *packages: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_the_graph_sees_the_project() -> None:
    """A guard for the checks below: they read real modules and real edges."""
    assert {"judge.tasks", "judge.judging.record", "runner.contract", "config.urls"} <= set(GRAPH)
    assert "judge.judging.record" in GRAPH["judge.tasks"]
    assert "runner.service.client" in GRAPH["judge.judging.execute"]
    assert "judge.queue" in GRAPH["judge.submissions.services"]  # `from judge import queue`


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_imports_under_type_checking_are_edges() -> None:
    assert "runner.supervisor.context" in GRAPH["runner.supervisor.functional"]


@pytest.mark.parametrize("area", [DJANGO_CODE, ("runner",), ("kerneljudge",)], ids=" ".join)
def test_no_import_circle_among_the_projects_modules(area: tuple[str, ...]) -> None:
    """Circles are found in the whole graph and reported by where they are."""
    found = [c for c in circles(GRAPH) if any(_in(m, *area) for m in c)]
    assert found == []


@pytest.mark.parametrize("package", DJANGO_CODE)
def test_django_code_reaches_the_runner_only_through_contract_and_client(package: str) -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if _in(module, package)
        for target in targets
        if _in(target, "runner") and not _in(target, *RUNNER_DOORS)
    )
    assert wrong == []


def test_runner_and_client_never_import_the_site() -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if _in(module, "runner", "kerneljudge")
        for target in targets
        if _in(target, *DJANGO_CODE) or (_in(module, "kerneljudge") and _in(target, "runner"))
    )
    assert wrong == []


# What each app's own modules may import. An app's API (its api/ package) and admin sit on
# top and may read from the judging app (a problem's solved flag, a user's counts); web and
# config sit on top of everything. Nothing imports web or config.
ALLOWED = {
    "accounts": {"accounts"},
    "problems": {"problems", "accounts"},
    "judge": {"judge", "problems", "accounts"},
    "contests": {"contests", "judge", "problems", "accounts"},
}
PRESENTATION = ("accounts.api", "problems.api")


def test_apps_import_downwards_only() -> None:
    wrong = []
    for module, targets in GRAPH.items():
        app = module.split(".")[0]
        for target in targets:
            other = target.split(".")[0]
            if other in ("runner", "kerneljudge") or other == app:
                continue
            if other in ("web", "config") and app != "config":
                wrong.append(f"{module} imports {target}")
            elif app in ALLOWED and other not in ALLOWED[app] and not _in(module, *PRESENTATION):
                wrong.append(f"{module} imports {target}")
    assert sorted(wrong) == []


# The runner's two trust sides: the sandboxed child's code (runner.child, and each language
# plug-in's `child` module) and the supervisor's (runner.supervisor, runner.tools,
# runner.service, and each plug-in's `supervisor` module).
def _side(module: str) -> str | None:
    parts = module.split(".")
    if _in(module, "runner.child") or (
        parts[:2] == ["runner", "languages"] and parts[3:4] == ["child"]
    ):
        return "child"
    if _in(module, "runner.supervisor", "runner.tools", "runner.service"):
        return "supervisor"
    if parts[:2] == ["runner", "languages"] and parts[3:4] == ["supervisor"]:
        return "supervisor"
    return None


def test_the_child_and_the_supervisor_never_import_each_other() -> None:
    assert _side("runner.languages.jax.child") == "child"
    assert _side("runner.languages.jax.supervisor") == "supervisor"
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        for target in targets
        if {_side(module), _side(target)} == {"child", "supervisor"}
    )
    assert wrong == []
