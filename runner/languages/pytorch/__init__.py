"""PyTorch: a Python solution whose ``solve`` gets torch tensors (the plug-in's defaults)."""
