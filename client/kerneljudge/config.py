"""Where the client finds the server and the token: environment first, then the config file."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_URL = "http://127.0.0.1:8000"


def config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "kerneljudge" / "config.json"


@dataclass
class Settings:
    url: str
    token: str | None


def load() -> Settings:
    stored: dict = {}
    path = config_path()
    if path.is_file():
        try:
            stored = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError):
            stored = {}
    url = os.environ.get("KERNELJUDGE_URL") or stored.get("url") or DEFAULT_URL
    token = os.environ.get("KERNELJUDGE_TOKEN") or stored.get("token")
    return Settings(url=url, token=token)


def save(url: str, token: str) -> Path:
    """Store the token in a file only the user can read (mode 0600)."""
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump({"url": url, "token": token}, f)
    os.chmod(path, 0o600)
    return path
