"""The embedded default's broker: kombu's filesystem transport with messages written whole.

kombu's own ``_put`` creates the message file under its final name and then writes it, so a
consumer listing the folder in between can take an empty or half-written file, fail to decode
it and stop the worker ("Unrecoverable error"). Here a message is written under a name the
consumer never takes (a leading dot: its ``partition('.')`` finds no queue) and renamed into
place, which is atomic within one folder. ``config/celery.py`` puts this transport under the
``filesystem://`` name."""

from __future__ import annotations

import os
import time
import uuid

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps

NAME = "filesystem"
PATH = "config.filesystem_broker:Transport"


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        final = os.path.join(
            self.data_folder_out,
            f"{int(round(time.monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg",
        )
        partial = os.path.join(self.data_folder_out, f".partial-{uuid.uuid4()}")
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
