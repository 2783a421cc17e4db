"""Host device detection from `nvidia-smi -L` output (no torch import)."""

from judge.worker.devices import gpu_kind_from_name, parse_nvidia_smi_list

SMI = """GPU 0: NVIDIA H200 (UUID: GPU-0a1b2c3d-0000-1111-2222-333344445555)
GPU 1: NVIDIA A100-SXM4-80GB (UUID: GPU-ffffffff-0000-1111-2222-333344445555)
  MIG 1g.10gb     Device  0: (UUID: MIG-aaaa)
GPU 2: NVIDIA GeForce RTX 4090 (UUID: GPU-12345678-0000-1111-2222-333344445555)
"""


def test_parse_nvidia_smi_list():
    devices = parse_nvidia_smi_list(SMI)
    assert [(d.index, d.kind, d.model) for d in devices] == [
        (0, "gpu-h200", "NVIDIA H200"),
        (1, "gpu-a100", "NVIDIA A100-SXM4-80GB"),
        (2, "gpu-rtx4090", "NVIDIA GeForce RTX 4090"),
    ]


def test_gpu_kind_names():
    assert gpu_kind_from_name("NVIDIA H100 80GB HBM3") == "gpu-h100"
    assert gpu_kind_from_name("Tesla V100-PCIE-16GB") == "gpu-v100"
    assert gpu_kind_from_name("NVIDIA L4") == "gpu-l4"
    assert gpu_kind_from_name("NVIDIA") == "gpu-unknown"
