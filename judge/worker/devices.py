"""Detecting this host's judging devices without importing torch or touching CUDA."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass

GPU_LINE = re.compile(r"^GPU (\d+): (.+?)(?: \(UUID: [^)]*\))?$")
VENDOR_WORDS = {"nvidia", "geforce", "tesla", "quadro"}


@dataclass(frozen=True)
class Device:
    kind: str  # "cpu" or "gpu-<model>"
    index: int | None  # GPU index for CUDA_VISIBLE_DEVICES; None for the CPU
    model: str


def gpu_kind_from_name(name: str) -> str:
    """'NVIDIA H200' -> 'gpu-h200', 'NVIDIA A100-SXM4-80GB' -> 'gpu-a100',
    'NVIDIA GeForce RTX 4090' -> 'gpu-rtx4090'."""
    words = [w for w in name.lower().split() if w not in VENDOR_WORDS]
    if not words:
        return "gpu-unknown"
    model = words[0]
    if model in {"rtx", "gtx"} and len(words) > 1:
        model += words[1]
    model = re.split(r"[-_]", model)[0]
    model = re.sub(r"[^a-z0-9]", "", model) or "unknown"
    return f"gpu-{model}"


def parse_nvidia_smi_list(text: str) -> list[Device]:
    devices = []
    for line in text.splitlines():
        match = GPU_LINE.match(line.strip())
        if match:
            name = match.group(2).strip()
            devices.append(Device(gpu_kind_from_name(name), int(match.group(1)), name))
    return devices


def detect_gpus() -> list[Device]:
    if shutil.which("nvidia-smi") is None:
        return []
    try:
        out = subprocess.run(
            ["nvidia-smi", "-L"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return []
    return parse_nvidia_smi_list(out.stdout) if out.returncode == 0 else []


def detect_devices() -> list[Device]:
    return [Device("cpu", None, "")] + detect_gpus()
