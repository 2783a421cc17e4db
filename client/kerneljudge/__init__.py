"""Command-line client for KernelJudge; speaks only HTTP to the server's REST API."""

__version__ = "0.1.0"
