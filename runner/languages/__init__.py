"""The languages' plug-ins: one folder per language, with its trusted side (``supervisor.py``,
runner/supervisor/language.py) and its sandboxed child's side (``child.py``,
runner/child/language.py), found through its record in runner/contract/languages.py
(docs/languages/README.md). A folder may hold more of the language's own code (CUDA C++: its
CPU emulation's build and source step)."""
