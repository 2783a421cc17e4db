// Part of the CPU emulation: __nv_bfloat16 and __nv_bfloat162 live in kj/half.h.
#pragma once
#include <cuda_runtime.h>
