"""cuTile: a Python solution whose kernels cuTile compiles (tileiras, ptxas) at their first
launch inside the child; GPU only."""
