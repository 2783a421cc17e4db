"""docker/kubernetes/: every manifest valid against the Kubernetes API's own schemas (the
kubernetes-validate package ships them; strict: no unknown field), and the GPU workers one pod
per GPU through the NVIDIA device plugin. Offline: no cluster, no download."""

from __future__ import annotations

import copy
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
MANIFESTS = sorted((ROOT / "docker" / "kubernetes").glob("*.yaml"))
VERSION = "1.33"  # the oldest Kubernetes release these files are checked against


def documents(path: Path) -> list[dict]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc]


def by_name(name: str, kind: str = "Deployment") -> dict:
    for path in MANIFESTS:
        for doc in documents(path):
            if doc["metadata"]["name"] == name and doc["kind"] == kind:
                return doc
    raise AssertionError(f"no manifest named {name}")


def container(deployment: dict) -> dict:
    (only,) = deployment["spec"]["template"]["spec"]["containers"]
    return only


@pytest.mark.parametrize("version", [VERSION, kubernetes_validate.latest_version()])
@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_manifest_is_valid_against_the_kubernetes_schemas(path: Path, version: str) -> None:
    docs = documents(path)
    assert docs, path
    for doc in docs:
        kubernetes_validate.validate(doc, version, strict=True)


def test_the_schema_check_rejects_a_broken_manifest() -> None:
    broken = copy.deepcopy(by_name("kerneljudge-worker-gpu-h200"))
    container(broken)["resources"]["limits"]["nvidia.com/gpu"] = {"count": 1}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, VERSION, strict=True)
    unknown = copy.deepcopy(by_name("kerneljudge-worker-cpu"))
    container(unknown)["gpus"] = "all"  # a field Kubernetes does not have
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(unknown, VERSION, strict=True)


def test_gpu_workers_take_one_gpu_each_from_the_device_plugin() -> None:
    gpu = by_name("kerneljudge-worker-gpu-h200")
    worker = container(gpu)
    assert worker["resources"]["limits"]["nvidia.com/gpu"] == 1
    assert worker["resources"]["requests"]["nvidia.com/gpu"] == 1
    assert gpu["spec"]["template"]["spec"]["nodeSelector"] == {
        "nvidia.com/gpu.product": "NVIDIA-H200"
    }
    assert gpu["spec"]["strategy"]["rollingUpdate"]["maxSurge"] == 0
    argv = worker["command"]
    assert argv[argv.index("--device-kind") + 1] == "gpu-h200" and "--no-reconciler" in argv


@pytest.mark.parametrize(
    "name", ["kerneljudge-worker-gpu-h200", "kerneljudge-worker-cpu", "kerneljudge-web"]
)
def test_pods_run_as_the_images_user_with_no_capability(name: str) -> None:
    spec = container(by_name(name))
    context = spec["securityContext"]
    assert context["runAsUser"] == 10001 and context["runAsNonRoot"] is True
    assert context["capabilities"]["drop"] == ["ALL"]
    assert not spec["image"].endswith(":latest") and ":" in spec["image"]
    assert spec["envFrom"] == [{"secretRef": {"name": "kerneljudge"}}]
    if "worker" in name:
        env = {e["name"]: e for e in spec["env"]}
        assert env["KJ_WORKER_HOST"]["valueFrom"]["fieldRef"]["fieldPath"] == "metadata.name"


def test_the_example_secret_holds_no_secret() -> None:
    secret = by_name("kerneljudge", kind="Secret")
    assert secret["stringData"]["SECRET_KEY"] == ""
    assert "PASSWORD@" in secret["stringData"]["DATABASE_URL"]
