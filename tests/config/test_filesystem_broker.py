"""The embedded default's broker (config/filesystem_broker.py): a consumer polling the folder
while producers write never takes a message before it is whole."""

from __future__ import annotations

import threading

from kombu import Connection

import config.celery  # noqa: F401 - puts our transport under the filesystem:// name
from config.filesystem_broker import Transport


def test_filesystem_urls_use_the_transport_that_writes_messages_whole(tmp_path):
    with Connection("filesystem://", transport_options=_options(tmp_path)) as conn:
        assert isinstance(conn.transport, Transport)


def test_a_consumer_polling_during_large_writes_gets_every_message_whole(tmp_path):
    count, body = 300, "x" * 200_000  # large enough that a write is not one syscall's worth
    options = _options(tmp_path)
    received: list[dict] = []
    errors: list[BaseException] = []

    def consume() -> None:
        try:
            with Connection("filesystem://", transport_options=options) as conn:
                q = conn.SimpleQueue("jobs")
                while len(received) < count:
                    msg = q.get(timeout=20)
                    received.append(msg.payload)
                    msg.ack()
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    consumer = threading.Thread(target=consume)
    consumer.start()
    with Connection("filesystem://", transport_options=options) as conn:
        q = conn.SimpleQueue("jobs")
        for i in range(count):
            q.put({"n": i, "body": body})
    consumer.join(60)
    assert not errors, errors
    assert sorted(m["n"] for m in received) == list(range(count))
    assert all(m["body"] == body for m in received)


def _options(tmp_path) -> dict:
    folder = tmp_path / "broker"
    folder.mkdir(exist_ok=True)
    return {
        "data_folder_in": str(folder),
        "data_folder_out": str(folder),
        "control_folder": str(folder / "control"),
        "polling_interval": 0,
    }
