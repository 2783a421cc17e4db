"""The embedded default's broker: kombu's filesystem transport with messages written whole.

kombu's own ``_put`` creates the message file under its final name and then writes it, so a
consumer listing the folder in between can take an empty or half-written file, fail to decode
it and stop the worker ("Unrecoverable error"). Here a message is written under a name the
consumer never takes (a leading dot: its ``partition('.')`` finds no queue) and renamed into
place, which is atomic within one folder. An exchange's table is created the same way: kombu
opens it with ``"wb"`` and only then locks it, so a second binder could truncate it and a
publisher read it empty (a ``JSONDecodeError`` in the producer). And each connection keeps its
own record of what it has bound: kombu's is shared by every connection of a process, so a
producer could skip its bind because a consumer beside it had recorded the same binding but not
yet written the exchange's table, and publish to no queue (messages dropped). ``config/celery.py``
puts this transport under the ``filesystem://`` name."""

from __future__ import annotations

import os
import time
import uuid

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.transport.filesystem import exchange_queue_t
from kombu.transport.virtual.base import BrokerState
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

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        table = self._exchange_file(exchange)
        if not table.exists():
            self.control_folder.mkdir(exist_ok=True)
            row = exchange_queue_t(routing_key or "", pattern or "", queue or "")
            partial = self.control_folder / f".partial-{uuid.uuid4()}"
            try:
                partial.write_bytes(str_to_bytes(dumps([row])))
                os.link(partial, table)  # fails if another binder created it first
                return
            except FileExistsError:
                pass  # kombu's own path below adds the row under the table's lock
            except OSError as exc:
                raise ChannelError(f"Cannot create {table}") from exc
            finally:
                partial.unlink(missing_ok=True)
        super()._queue_bind(exchange, routing_key, pattern, queue)


class Transport(filesystem.Transport):
    Channel = Channel

    def __init__(self, client, **kwargs):
        super().__init__(client, **kwargs)
        self.state = BrokerState()  # the class's is shared by the whole process
