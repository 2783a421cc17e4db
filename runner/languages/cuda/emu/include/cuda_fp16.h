// Part of the CPU emulation: __half and __half2 live in kj/half.h.
#pragma once
#include <cuda_runtime.h>
