"""Per-language build support that is neither supervisor nor child code."""
