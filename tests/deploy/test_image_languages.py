"""The languages each judging image claims (docker/images.toml) against what the image
installs: its Dockerfile and its pinned Python packages. No Docker engine needed."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from runner.contract.languages import RECORDS

ROOT = Path(__file__).resolve().parents[2]
IMAGES = tomllib.loads((ROOT / "docker" / "images.toml").read_text())

# What judging a language needs in an image, by device: Python packages (pinned in the image's
# constraints or by its Dockerfile's torch step) and system tools (Debian/Ubuntu packages the
# Dockerfile installs, or the CUDA toolkit of the NVIDIA devel base image).
NEEDS: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {
    ("pytorch", "cpu"): {"python": ("torch",)},
    ("pytorch", "cuda"): {"python": ("torch",)},
    ("triton", "cpu"): {"python": ("torch", "triton")},
    ("triton", "cuda"): {"python": ("torch", "triton")},
    ("jax", "cpu"): {"python": ("jax", "jaxlib")},
    ("jax", "cuda"): {"python": ("jax", "jaxlib", "jax-cuda13-plugin")},
    ("cupy", "cuda"): {"python": ("cupy-cuda13x",)},
    ("cuda", "cuda"): {"base": ("nvidia/cuda:", "-devel-")},
    ("cuda", "cpu"): {"apt": ("g++",)},  # the emulation's runtime is built with it at first use
}


def pinned(constraints: Path) -> set[str]:
    names = set()
    for line in constraints.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(Requirement(line).name.lower().replace("_", "-"))
    return names


def dockerfile_text(image: dict) -> str:
    return (ROOT / image["dockerfile"]).read_text()


def installs(image: dict, language: str) -> list[str]:
    """What ``language`` needs on the image's device that the image does not install."""
    text = dockerfile_text(image)
    pins = pinned(ROOT / image["constraints"])
    # the torch step pins torch (and on GPUs triton) by the Dockerfile's ARGs
    for name in ("torch", "triton"):
        if re.search(rf'"{name}==\$\{{{name.upper()}_VERSION\}}"', text):
            pins.add(name)
    base = re.search(r"^ARG BASE_IMAGE=(\S+)", text, re.M)
    missing = []
    need = NEEDS.get((language, image["device"]))
    if need is None:
        return [f"nothing says what {language} needs on {image['device']} (NEEDS)"]
    missing += [f"Python package {p}" for p in need.get("python", ()) if p not in pins]
    missing += [f"system package {p}" for p in need.get("apt", ()) if f" {p} " not in f" {text} "]
    if "base" in need and not (base and all(part in base.group(1) for part in need["base"])):
        missing.append(f"a base image with {' '.join(need['base'])} (nvcc)")
    return missing


@pytest.mark.parametrize("name", sorted(IMAGES))
def test_every_claimed_language_is_judged_on_the_image_device(name: str) -> None:
    image = IMAGES[name]
    assert image["languages"], name
    for language in image["languages"]:
        assert language in RECORDS, f"{name} claims {language!r}, which is no language"
        assert RECORDS[language].runs_on(image["device"]), (
            f"{name} claims {language} on {image['device']}, where the project does not judge it"
        )


@pytest.mark.parametrize("name", sorted(IMAGES))
def test_the_image_installs_what_each_claimed_language_needs(name: str) -> None:
    image = IMAGES[name]
    for language in image["languages"]:
        missing = installs(image, language)
        assert not missing, f"{name} claims {language} but does not install: {missing}"


@pytest.mark.parametrize("name", sorted(IMAGES))
def test_the_image_carries_its_claim(name: str) -> None:
    image = IMAGES[name]
    match = re.search(r"KJ_IMAGE_LANGUAGES=(\S+)", dockerfile_text(image))
    assert match, f"{image['dockerfile']} does not set KJ_IMAGE_LANGUAGES"
    assert match.group(1).split(",") == image["languages"]


def test_a_claim_without_its_packages_is_caught() -> None:
    image = dict(IMAGES["worker-cpu"], languages=["cupy"], device="cuda")
    assert installs(image, "cupy") == ["Python package cupy-cuda13x"]
    web = dict(IMAGES["worker-cpu"], dockerfile="docker/web.Dockerfile")
    assert installs(web, "cuda") == ["system package g++"]
