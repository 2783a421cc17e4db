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


def test_binders_racing_to_create_an_exchange_leave_every_queue_in_a_table_never_read_empty(
    tmp_path,
):
    rounds, binders = 40, 4
    errors: list[BaseException] = []
    for r in range(rounds):
        exchange = f"ex{r}"
        start = threading.Barrier(binders + 1)

        def bind(i: int, exchange: str = exchange, start: threading.Barrier = start) -> None:
            try:
                with Connection("filesystem://", transport_options=_options(tmp_path)) as conn:
                    channel = conn.default_channel
                    start.wait()
                    channel._queue_bind(exchange, f"k{i}", None, f"q{i}")
            except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
                errors.append(exc)

        def read(exchange: str = exchange, start: threading.Barrier = start) -> None:
            try:
                with Connection("filesystem://", transport_options=_options(tmp_path)) as conn:
                    channel = conn.default_channel
                    start.wait()
                    for _ in range(200):
                        channel.get_table(exchange)
            except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
                errors.append(exc)

        threads = [threading.Thread(target=bind, args=(i,)) for i in range(binders)]
        threads.append(threading.Thread(target=read))
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert not errors, errors
        with Connection("filesystem://", transport_options=_options(tmp_path)) as conn:
            queues = {row.queue for row in conn.default_channel.get_table(exchange)}
        assert queues == {f"q{i}" for i in range(binders)}


def test_a_binding_recorded_by_one_connection_does_not_stop_another_writing_its_table(tmp_path):
    # kombu's record of bindings is shared by a process's connections: a second connection
    # (here on another folder) skipped writing the exchange's table and published to no queue
    for name in ("first", "second"):
        options = _options(tmp_path / name)
        with Connection("filesystem://", transport_options=options) as conn:
            q = conn.SimpleQueue("shared")
            q.put({"folder": name})
            assert q.get(timeout=5).payload == {"folder": name}


def _options(tmp_path) -> dict:
    folder = tmp_path / "broker"
    folder.mkdir(parents=True, exist_ok=True)
    return {
        "data_folder_in": str(folder),
        "data_folder_out": str(folder),
        "control_folder": str(folder / "control"),
        "polling_interval": 0,
    }
