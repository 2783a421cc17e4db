// Part of the CPU emulation: everything lives in cuda_runtime.h.
#pragma once
#include <cuda_runtime.h>
