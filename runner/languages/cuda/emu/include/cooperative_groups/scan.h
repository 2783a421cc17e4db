// cg::inclusive_scan and exclusive_scan live in reduce.h.
#pragma once
#include <cooperative_groups/reduce.h>
