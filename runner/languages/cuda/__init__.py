"""CUDA C++: the CPU emulation's build (cpu_build) and source step (source_step)."""
