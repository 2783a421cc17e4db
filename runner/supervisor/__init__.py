"""The trusted side of a judgement: compiles, owns every buffer and the clock, generates inputs, verifies outputs, times."""
