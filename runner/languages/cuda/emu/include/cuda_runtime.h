// CPU emulation of the CUDA runtime header (force-included into every solution, as nvcc does).
#pragma once

#include "kj/core.h"
#include "kj/api.h"
#include "kj/sync.h"
#include "kj/atomic.h"
#include "kj/math.h"
#include "kj/half.h"
#include "kj/device_assert.h"

#define CUDART_VERSION 12040
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 4
