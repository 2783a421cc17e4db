"""Non-finite floats in stored specs.

JSON has no Infinity/NaN, and both SQLite's JSON_VALID and PostgreSQL's jsonb refuse them, yet
a package may list them as explicit test inputs. They are stored as {"$float": "inf"} (or
"-inf", "nan") and turned back into floats before a spec goes to the runner.
"""

from __future__ import annotations

import math
from typing import Any

TAG = "$float"


def encode_floats(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return {TAG: "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    if isinstance(value, dict):
        return {k: encode_floats(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [encode_floats(v) for v in value]
    return value


def decode_floats(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) == 1 and TAG in value and value[TAG] in ("inf", "-inf", "nan"):
            return float(value[TAG])
        return {k: decode_floats(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode_floats(v) for v in value]
    return value
