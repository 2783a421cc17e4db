"""Operator tools built on the runner: catalog validation, the hostile corpus, the sandbox doctor."""
