"""CUDA C++: the plug-in's supervisor side (supervisor: nvcc on a GPU worker, the emulation's
build on the CPU) and child side (child), and the CPU emulation itself: its source step
(source_step), build (cpu_build), headers and runtime (emu/), and diagnostics (diagnostics,
diagnostics_build, harness, asan_report)."""
